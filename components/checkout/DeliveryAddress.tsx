import { useMemo } from 'react';
import { useWords } from '@/components/shell/I18n';
import { SelectField } from '@/components/ui/Field';
import type { MessageKey } from '@/lib/i18n/messageKey';
import type { Country } from '@/lib/geo/countryLines';
import { regionLabel, regionsOf } from '@/lib/geo/regions';
import { languageOf } from '@/lib/i18n/locales';
import { BillingTextField } from './BillingTextField';
import { StreetAddress } from './StreetAddress';
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
  const { t, locale } = useWords();
  const country = form.deliveryCountry || form.country;
  const regions = regionsOf(country, languageOf(locale));
  const countryOptions = useMemo(() => countries.map((c) => ({ value: c.code, label: c.name })), [countries]);
  const regionOptions = useMemo(() => regions.map((r) => ({ value: r.code, label: r.name })), [regions]);
  const text = (field: BillingField, labelKey: MessageKey, autoComplete: string) => (
    <BillingTextField idPrefix="delivery" label={t(labelKey)} {...{ field, autoComplete, form, errors, register, onChange, onBlur }} />
  );
  const select = (field: 'deliveryCountry' | 'deliveryRegion') => ({
    required: true,
    error: errors[field],
    selectRef: register(field),
    onChange: (value: string) => onChange(field, value),
    onBlur: () => onBlur(field),
  });
  const region = regionLabel(country);
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
          <div className={regions.length > 0 ? styles.pair : undefined}>
            <SelectField
              id="delivery-country"
              label={t('payment.delivery.country')}
              value={country}
              options={countryOptions}
              placeholder={t('payment.location.chooseCountry')}
              autoComplete="shipping country"
              optionsAfterHydration
              {...select('deliveryCountry')}
            />
            {regions.length > 0 && (
              <SelectField
                id="delivery-region"
                label={t(country === 'CA' ? 'payment.delivery.province' : 'payment.delivery.state')}
                value={form.deliveryRegion}
                options={regionOptions}
                placeholder={t(region.placeholder)}
                autoComplete="shipping address-level1"
                {...select('deliveryRegion')}
              />
            )}
          </div>
          <StreetAddress
            street={text('deliveryLine1', 'payment.delivery.line1', 'shipping address-line1')}
            city={text('deliveryCity', 'payment.delivery.city', 'shipping address-level2')}
            postalCode={text('deliveryPostalCode', 'payment.delivery.postalCode', 'shipping postal-code')}
          />
        </>
      )}
    </fieldset>
  );
}
