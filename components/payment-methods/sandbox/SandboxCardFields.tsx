import type { ChangeEvent } from 'react';
import { CardBrandMarks } from '@/components/checkout/CardBrandMarks';
import { Field } from '@/components/ui/Field';
import { useWords } from '@/components/shell/I18n';
import { editCardField, type CardFieldErrors, type CardFields } from '@/lib/payments/sandbox/cardFields';
import { cardBrand } from '@/lib/payments/sandbox/testCards';
import styles from '@/components/checkout/CheckoutForm.module.css';

export type CardField = keyof CardFields;

interface SandboxCardFieldsProps {
  card: CardFields;
  errors: CardFieldErrors;
  onChange: (field: CardField, value: string) => void;
  onBlur: (field: CardField) => void;
  register: (field: CardField) => (element: HTMLInputElement | null) => void;
}

/**
 * The sandbox's card form. It says plainly that no real card is charged. The number is
 * grouped ("4242 4242 4242 4242") and the expiry written as MM/YY while the visitor types,
 * pastes or autofills; the caret stays beside the digit it was beside.
 */
export function SandboxCardFields({ card, errors, onChange, onBlur, register }: SandboxCardFieldsProps) {
  const words = useWords();
  const { t } = words;
  const change = (name: CardField, event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const inputType = (event.nativeEvent as InputEvent).inputType;
    const edit = editCardField(
      name,
      card[name],
      input.value,
      input.selectionStart ?? input.value.length,
      inputType === 'deleteContentForward' ? 'forward' : 'backward',
    );
    // Written to the element now, so that React finds it unchanged on the next render and
    // leaves the caret where it is put here.
    if (input.value !== edit.value) input.value = edit.value;
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
    onChange(name, edit.value);
  };
  const field = (name: CardField, label: string, autoComplete: string, extra: Record<string, string | number> = {}) => (
    <Field
      id={`card-${name}`}
      label={label}
      inputMode="numeric"
      autoComplete={autoComplete}
      required
      value={card[name]}
      error={errors[name] && words.say(errors[name])}
      inputRef={register(name)}
      onChange={(event) => change(name, event)}
      onBlur={() => onBlur(name)}
      {...extra}
    />
  );
  return (
    <fieldset className={styles.section}>
      <legend>{t('methods.card.legend')}</legend>
      <p className={styles.sandboxNote} data-testid="sandbox-note">
        {t('methods.card.sandboxNote')}
      </p>
      {/* No maxLength on number and expiry: the formatters bound them, and a pasted "12/2034" or "4242-4242-…" must arrive whole. */}
      <div className={styles.cardNumber}>
        {field('number', t('methods.card.number'), 'cc-number', { placeholder: '1234 1234 1234 1234' })}
        <CardBrandMarks detected={cardBrand(card.number)} />
      </div>
      <div className={styles.pair}>
        {field('expiry', t('methods.card.expiry'), 'cc-exp', { placeholder: t('methods.card.expiryPlaceholder') })}
        {field('cvc', t('methods.card.cvc'), 'cc-csc', { maxLength: 4 })}
      </div>
    </fieldset>
  );
}
