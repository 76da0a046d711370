import { useMemo } from 'react';
import { useWords } from '@/components/shell/I18n';
import { SelectField } from '@/components/ui/Field';
import type { BillingErrors, BillingField, BillingForm } from '@/lib/checkout/billing';
import type { Country } from '@/lib/geo/countryLines';
import { regionLabel, regionsOf } from '@/lib/geo/regions';
import { languageOf } from '@/lib/i18n/locales';
import styles from './CheckoutForm.module.css';

interface LocationFieldsProps {
  form: BillingForm;
  errors: BillingErrors;
  onChange: (field: BillingField, value: string) => void;
  onBlur: (field: BillingField) => void;
  register: (field: BillingField) => (element: HTMLInputElement | HTMLSelectElement | null) => void;
  /** The countries to choose from, named in the page's language (the step's view). */
  countries: readonly Country[];
}

/**
 * The buyer's country (and state where it has them), first on the payment step: the tax, the
 * renewal rules and so the express wallets right below depend on it, so a wallet buyer
 * chooses it and pays without typing the rest of the form.
 */
export function LocationFields({ form, errors, onChange, onBlur, register, countries: named }: LocationFieldsProps) {
  const { t, locale } = useWords();
  const language = languageOf(locale);
  const countries = useMemo(() => named.map((c) => ({ value: c.code, label: c.name })), [named]);
  const regions = regionsOf(form.country, language);
  const region = regionLabel(form.country);
  const regionOptions = useMemo(() => regions.map((r) => ({ value: r.code, label: r.name })), [regions]);
  // A select's required binding to the form, as BillingTextField's for the text fields.
  const select = (field: 'country' | 'region') => ({
    required: true,
    error: errors[field],
    selectRef: register(field),
    onChange: (value: string) => onChange(field, value),
    onBlur: () => onBlur(field),
  });
  return (
    <fieldset className={`${styles.section} ${regions.length > 0 ? styles.pair : ''}`}>
      <legend>{t('payment.location.legend')}</legend>
      <SelectField
        id="billing-country"
        label={t('payment.location.country')}
        value={form.country}
        options={countries}
        placeholder={t('payment.location.chooseCountry')}
        autoComplete="country"
        optionsAfterHydration
        {...select('country')}
      />
      {regions.length > 0 && (
        <SelectField
          id="billing-region"
          label={t(region.label)}
          value={form.region}
          options={regionOptions}
          placeholder={t(region.placeholder)}
          autoComplete="address-level1"
          {...select('region')}
        />
      )}
    </fieldset>
  );
}
