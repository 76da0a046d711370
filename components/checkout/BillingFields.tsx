import { useWords } from '@/components/shell/I18n';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { hasVatNumbers } from '@/lib/pricing/vatNumbers';
import { regionsOf } from '@/lib/geo/regions';
import { AddressFields } from '@/components/address/AddressFields';
import { BillingTextField } from './BillingTextField';
import type { BillingErrors, BillingField, BillingForm } from '@/lib/checkout/billing';
import styles from './CheckoutForm.module.css';

interface BillingFieldsProps {
  form: BillingForm;
  errors: BillingErrors;
  /** A print offer: the street address is asked for (a business buyer's is too). */
  needsAddress: boolean;
  business: boolean;
  /** What the VAT number field says of the VAT charged (vatHintKey). */
  vatHint: MessageKey;
  onBusiness: (business: boolean) => void;
  onChange: (field: BillingField, value: string) => void;
  onBlur: (field: BillingField) => void;
  onFocus?: (field: BillingField) => void;
  register: (field: BillingField) => (element: HTMLInputElement | HTMLSelectElement | null) => void;
}

/**
 * The billing information: who pays, for a business its company and (where the country has
 * them) VAT number, and for print offers and businesses the street address (the country
 * comes first: LocationFields).
 */
export function BillingFields({
  form,
  errors,
  needsAddress,
  business,
  vatHint,
  onBusiness,
  onChange,
  onBlur,
  onFocus,
  register,
}: BillingFieldsProps) {
  const { t } = useWords();
  const text = (field: BillingField, labelKey: MessageKey, autoComplete: string, type = 'text', optionalWithHint?: string) => (
    <BillingTextField
      idPrefix="billing"
      label={t(labelKey)}
      hint={optionalWithHint}
      optional={optionalWithHint !== undefined}
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
      <label className={styles.permission}>
        <input type="checkbox" name="business" checked={business} onChange={(event) => onBusiness(event.target.checked)} />
        <span>{t('payment.business.toggle')}</span>
      </label>
      {business && (
        <>
          {text('companyName', 'payment.business.companyName', 'organization')}
          {hasVatNumbers(form.country) && text('vatNumber', 'payment.business.vatNumber', 'off', 'text', t(vatHint))}
        </>
      )}
      {(needsAddress || business) && (
        <AddressFields
          country={form.country}
          place="billing"
          idPrefix="billing"
          // The US state or Canadian province is chosen beside the country (LocationFields): the tax depends on it.
          fields={{ line1: 'line1', city: 'city', region: regionsOf(form.country).length ? null : 'region', postalCode: 'postalCode' }}
          values={form}
          {...{ errors, onChange, onBlur, onFocus, register }}
        />
      )}
    </fieldset>
  );
}
