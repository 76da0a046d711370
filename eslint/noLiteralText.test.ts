import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import tseslint from 'typescript-eslint';
import { noLiteralText } from './noLiteralText.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-literal-text', noLiteralText, {
  valid: [
    'const a = <p>{t("offer.terms")}</p>;',
    'const a = <p> · {brand} — 3 </p>;',
    'const a = <img alt={offer.image.alt} src="/x.svg" />;',
    'const a = <input type="email" name="email" autoComplete="email" />;',
    'const a = <div className="card" data-testid="price-terms" />;',
    'const a = <span>{`${brand} · ${tagline}`}</span>;',
  ],
  invalid: [
    { code: 'const a = <h1>Your cart</h1>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <button aria-label="Close">×</button>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <input placeholder={"Choose your country"} />;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>{busy ? "Saving…" : label}</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>{`Adding ${name} to your cart`}</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <Loader label={`Adding ${name}`} />;', errors: [{ messageId: 'text' }] },
  ],
});
