import { useMemo } from 'react';
import { useWords } from '@/components/shell/I18n';
import { SelectField } from '@/components/ui/Field';
import type { Country } from '@/lib/geo/countryLines';
import { AddressFields } from '@/components/address/AddressFields';
import type { BillingErrors, BillingField, BillingForm } from '@/lib/checkout/billing';
import styles from './CheckoutForm.module.css';

interface DeliveryAddressProps {
  form: BillingForm;
  errors: BillingErrors;
  /** The countries to choose from, named in the page's language (the step's view). */
  countries: readonly Country[];
  sameAsBilling: boolean;
  onSameAsBilling: (same: boolean) => void;
  onChange: (field: BillingField, value: string) => void;
  onBlur: (field: BillingField) => void;
  register: (field: BillingField) => (element: HTMLInputElement | HTMLSelectElement | null) => void;
}

/**
 * Where a print subscription is delivered: the billing address unless the buyer says
 * otherwise; then an address of its own, with its own country and state (print is taxed
 * where it goes).
 */
export function DeliveryAddress({
  form,
  errors,
  countries,
  sameAsBilling,
  onSameAsBilling,
  onChange,
  onBlur,
  register,
}: DeliveryAddressProps) {
  const { t } = useWords();
  const country = form.deliveryCountry || form.country;
  const countryOptions = useMemo(() => countries.map((c) => ({ value: c.code, label: c.name })), [countries]);
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
        <>
          <SelectField
            id="delivery-country"
            label={t('payment.delivery.country')}
            value={country}
            options={countryOptions}
            placeholder={t('payment.location.chooseCountry')}
            autoComplete="shipping country"
            optionsAfterHydration
            required
            error={errors.deliveryCountry}
            selectRef={register('deliveryCountry')}
            onChange={(value) => onChange('deliveryCountry', value)}
            onBlur={() => onBlur('deliveryCountry')}
          />
          <AddressFields
            country={country}
            place="delivery"
            qualified
            idPrefix="delivery"
            fields={{ line1: 'deliveryLine1', city: 'deliveryCity', region: 'deliveryRegion', postalCode: 'deliveryPostalCode' }}
            values={form}
            {...{ errors, onChange, onBlur, register }}
          />
        </>
      )}
    </fieldset>
  );
}
