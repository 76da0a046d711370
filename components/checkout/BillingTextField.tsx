import { Field } from '@/components/ui/Field';
import type { BillingErrors, BillingField, BillingForm } from '@/lib/checkout/billing';

export interface BillingTextFieldProps {
  /** "billing" or "delivery": the input's id is `${idPrefix}-${field}`. */
  idPrefix: string;
  field: BillingField;
  label: string;
  autoComplete: string;
  type?: string;
  form: BillingForm;
  errors: BillingErrors;
  register: (field: BillingField) => (element: HTMLInputElement | null) => void;
  onChange: (field: BillingField, value: string) => void;
  onBlur: (field: BillingField) => void;
  onFocus?: ((field: BillingField) => void) | undefined;
  /** Said under the label. */
  hint?: string | undefined;
  /** Not required (the VAT number). */
  optional?: boolean | undefined;
}

/** One text field of the billing form (or of the delivery address), wired to the form's value, error and handlers. */
export function BillingTextField({
  idPrefix,
  field,
  label,
  autoComplete,
  type = 'text',
  form,
  errors,
  register,
  onChange,
  onBlur,
  onFocus,
  hint,
  optional = false,
}: BillingTextFieldProps) {
  return (
    <Field
      id={`${idPrefix}-${field}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      required={!optional}
      {...(hint !== undefined ? { hint } : {})}
      value={form[field]}
      error={errors[field]}
      inputRef={register(field)}
      onChange={(event) => onChange(field, event.target.value)}
      onBlur={() => onBlur(field)}
      onFocus={() => onFocus?.(field)}
    />
  );
}
