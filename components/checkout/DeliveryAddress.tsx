import { useWords } from '@/components/shell/I18n';
import type { MessageKey } from '@/lib/i18n/messageKey';
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
  const { t } = useWords();
  const text = (field: BillingField, labelKey: MessageKey, autoComplete: string) => (
    <BillingTextField idPrefix="delivery" label={t(labelKey)} {...{ field, autoComplete, form, errors, register, onChange, onBlur }} />
  );
  return (
    <fieldset className={styles.section}>
      <legend>{t('payment.delivery.legend')}</legend>
      <label className={styles.permission}>
        <input type="checkbox" name="delivery-same" checked={sameAsBilling} onChange={(event) => onSameAsBilling(event.target.checked)} />
        <span>{t('payment.delivery.sameAsBilling')}</span>
      </label>
      {sameAsBilling ? (
        <p className={styles.hint} data-testid="delivery-summary">
          {form.line1
            ? t('payment.delivery.goesTo', { street: form.line1, place: [form.city, form.postalCode].filter(Boolean).join(' ') })
            : t('payment.delivery.goesToBilling')}
        </p>
      ) : (
        <StreetAddress
          street={text('deliveryLine1', 'payment.delivery.line1', 'shipping address-line1')}
          city={text('deliveryCity', 'payment.delivery.city', 'shipping address-level2')}
          postalCode={text('deliveryPostalCode', 'payment.delivery.postalCode', 'shipping postal-code')}
        />
      )}
    </fieldset>
  );
}
