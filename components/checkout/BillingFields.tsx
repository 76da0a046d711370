import { useWords } from '@/components/shell/I18n';
import type { MessageKey } from '@/lib/i18n/messageKey';
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
  const { t } = useWords();
  const text = (field: BillingField, labelKey: MessageKey, autoComplete: string, type = 'text') => (
    <BillingTextField
      idPrefix="billing"
      label={t(labelKey)}
      {...{ field, autoComplete, type, form, errors, register, onChange, onBlur, onFocus }}
    />
  );
  return (
    <fieldset className={styles.section}>
      <legend>{t('payment.billing.legend')}</legend>
      {text('email', 'payment.billing.email', 'email', 'email')}
      <div className={styles.pair}>
        {text('firstName', 'payment.billing.firstName', 'given-name')}
        {text('lastName', 'payment.billing.lastName', 'family-name')}
      </div>
      {needsAddress && (
        <StreetAddress
          street={text('line1', 'payment.billing.line1', 'address-line1')}
          city={text('city', 'payment.billing.city', 'address-level2')}
          postalCode={text('postalCode', 'payment.billing.postalCode', 'postal-code')}
        />
      )}
    </fieldset>
  );
}
