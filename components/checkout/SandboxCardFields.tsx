import { Field } from '../ui/Field';
import type { CardFieldErrors, CardFields } from '@/lib/payments/cardFields';
import styles from './CheckoutForm.module.css';

export type CardField = keyof CardFields;

interface SandboxCardFieldsProps {
  card: CardFields;
  errors: CardFieldErrors;
  onChange: (field: CardField, value: string) => void;
  onBlur: (field: CardField) => void;
  register: (field: CardField) => (element: HTMLInputElement | null) => void;
}

/** The sandbox's card form. It says plainly that no real card is charged. */
export function SandboxCardFields({ card, errors, onChange, onBlur, register }: SandboxCardFieldsProps) {
  const field = (name: CardField, label: string, autoComplete: string, extra: Record<string, string | number> = {}) => (
    <Field
      id={`card-${name}`}
      label={label}
      inputMode="numeric"
      autoComplete={autoComplete}
      required
      value={card[name]}
      error={errors[name]}
      inputRef={register(name)}
      onChange={(event) => onChange(name, event.target.value)}
      onBlur={() => onBlur(name)}
      {...extra}
    />
  );
  return (
    <fieldset className={styles.section}>
      <legend>Card</legend>
      <p className={styles.sandboxNote} data-testid="sandbox-note">
        Payments here are simulated by a sandbox: no real card is charged. Use a test card such as 4242 4242 4242 4242 with
        any future expiry date and any CVC.
      </p>
      {field('number', 'Card number', 'cc-number', { maxLength: 23, placeholder: '1234 1234 1234 1234' })}
      <div className={styles.pair}>
        {field('expiry', 'Expiry', 'cc-exp', { maxLength: 7, placeholder: 'MM/YY' })}
        {field('cvc', 'CVC', 'cc-csc', { maxLength: 4 })}
      </div>
    </fieldset>
  );
}
