import { BillingTextField } from './BillingTextField';
import { StreetAddress } from './StreetAddress';
import type { BillingErrors, BillingField, BillingForm } from '@/lib/checkout/billing';
import styles from './CheckoutForm.module.css';

interface BillingFieldsProps {
  form: BillingForm;
  errors: BillingErrors;
  needsAddress: boolean;
  onChange: (field: BillingField, value: string) => void;
  onBlur: (field: BillingField) => void;
  onFocus?: (field: BillingField) => void;
  register: (field: BillingField) => (element: HTMLInputElement | HTMLSelectElement | null) => void;
}

/** The billing information: who pays and, for print offers, the street address (the country comes first: LocationFields). */
export function BillingFields({ form, errors, needsAddress, onChange, onBlur, onFocus, register }: BillingFieldsProps) {
  const text = (field: BillingField, label: string, autoComplete: string, type = 'text') => (
    <BillingTextField idPrefix="billing" {...{ field, label, autoComplete, type, form, errors, register, onChange, onBlur, onFocus }} />
  );
  return (
    <fieldset className={styles.section}>
      <legend>Billing information</legend>
      {text('email', 'Email', 'email', 'email')}
      <div className={styles.pair}>
        {text('firstName', 'First name', 'given-name')}
        {text('lastName', 'Last name', 'family-name')}
      </div>
      {needsAddress && (
        <StreetAddress
          street={text('line1', 'Address', 'address-line1')}
          city={text('city', 'City', 'address-level2')}
          postalCode={text('postalCode', 'Postal code', 'postal-code')}
        />
      )}
    </fieldset>
  );
}
