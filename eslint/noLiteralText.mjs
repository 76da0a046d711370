// @ts-check
// A buyer reads every word in their own language: text written into JSX is English for every
// locale. This rule finds it (docs/i18n.md): words between tags, words in the attributes a
// person reads or hears, and string or template literals placed as children. Text without a
// letter (punctuation, "·", numbers) is let through.

const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'alt',
  'placeholder',
  'label',
]);
const LETTER = /\p{L}/u;

/** @param {string} text */
const hasWords = (text) => LETTER.test(text);

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'Buyer-facing JSX takes its words from the message catalogues, not from literals.' },
    messages: {
      text: 'Words a buyer reads come from the message catalogues (useWords().t or <Msg>), not written here: "{{text}}".',
    },
    schema: [],
  },
  create(context) {
    /** @param {import('estree').Node} node @param {string} text */
    const report = (node, text) => context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    /** @param {any} expression */
    const checkExpression = (expression) => {
      if (!expression) return;
      if (expression.type === 'Literal' && typeof expression.value === 'string' && hasWords(expression.value))
        report(expression, expression.value);
      if (expression.type === 'TemplateLiteral') {
        const words = expression.quasis.map((/** @type {any} */ quasi) => quasi.value.cooked ?? '').join(' ');
        if (hasWords(words)) report(expression, words);
      }
      if (expression.type === 'ConditionalExpression') {
        checkExpression(expression.consequent);
        checkExpression(expression.alternate);
      }
      if (expression.type === 'LogicalExpression') checkExpression(expression.right);
    };
    return {
      /** @param {any} node */
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      /** @param {any} node */
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute') return;
        checkExpression(node.expression);
      },
      /** @param {any} node */
      JSXAttribute(node) {
        const name = node.name?.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal') checkExpression(node.value);
        if (node.value.type === 'JSXExpressionContainer') checkExpression(node.value.expression);
      },
    };
  },
};

export default { rules: { 'no-literal-text': noLiteralText } };
