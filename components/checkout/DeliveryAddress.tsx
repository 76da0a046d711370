import { BillingTextField } from './BillingTextField';
import { StreetAddress } from './StreetAddress';
import type { BillingErrors, BillingField, BillingForm } from '@/lib/checkout/billing';
import styles from './CheckoutForm.module.css';

interface DeliveryAddressProps {
  form: BillingForm;
  errors: BillingErrors;
  sameAsBilling: boolean;
  onSameAsBilling: (same: boolean) => void;
  onChange: (field: BillingField, value: string) => void;
  onBlur: (field: BillingField) => void;
  register: (field: BillingField) => (element: HTMLInputElement | null) => void;
}

/**
 * Where a print subscription is delivered: the billing address unless the buyer says
 * otherwise; then an address of its own, in the billing country.
 */
export function DeliveryAddress({ form, errors, sameAsBilling, onSameAsBilling, onChange, onBlur, register }: DeliveryAddressProps) {
  const text = (field: BillingField, label: string, autoComplete: string) => (
    <BillingTextField idPrefix="delivery" {...{ field, label, autoComplete, form, errors, register, onChange, onBlur }} />
  );
  return (
    <fieldset className={styles.section}>
      <legend>Delivery address</legend>
      <label className={styles.permission}>
        <input type="checkbox" name="delivery-same" checked={sameAsBilling} onChange={(event) => onSameAsBilling(event.target.checked)} />
        <span>Same as billing address</span>
      </label>
      {sameAsBilling ? (
        <p className={styles.hint} data-testid="delivery-summary">
          {form.line1
            ? `The magazine goes to ${form.line1}, ${[form.city, form.postalCode].filter(Boolean).join(' ')}.`
            : 'The magazine goes to your billing address.'}
        </p>
      ) : (
        <StreetAddress
          street={text('deliveryLine1', 'Delivery street address', 'shipping address-line1')}
          city={text('deliveryCity', 'Delivery town or city', 'shipping address-level2')}
          postalCode={text('deliveryPostalCode', 'Delivery postal code', 'shipping postal-code')}
        />
      )}
    </fieldset>
  );
}
