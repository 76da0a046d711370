import { useMemo } from 'react';
import { SelectField } from '@/components/ui/Field';
import { BillingTextField } from './BillingTextField';
import { StreetAddress } from './StreetAddress';
import type { BillingErrors, BillingField, BillingForm } from '@/lib/checkout/billing';
import { countryList } from '@/lib/geo/countries';
import { regionLabel, regionsOf } from '@/lib/geo/regions';
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

/** The billing information: who pays, where, and for print offers where to deliver. */
export function BillingFields({ form, errors, needsAddress, onChange, onBlur, onFocus, register }: BillingFieldsProps) {
  const countries = useMemo(() => countryList().map((c) => ({ value: c.code, label: c.name })), []);
  const regions = regionsOf(form.country);
  const text = (field: BillingField, label: string, autoComplete: string, type = 'text') => (
    <BillingTextField idPrefix="billing" {...{ field, label, autoComplete, type, form, errors, register, onChange, onBlur, onFocus }} />
  );
  // A select's required binding to the form, as BillingTextField's for the text fields.
  const select = (field: 'country' | 'region') => ({
    required: true,
    error: errors[field],
    selectRef: register(field),
    onChange: (value: string) => onChange(field, value),
    onBlur: () => onBlur(field),
  });
  return (
    <fieldset className={styles.section}>
      <legend>Billing information</legend>
      {text('email', 'Email', 'email', 'email')}
      <div className={styles.pair}>
        {text('firstName', 'First name', 'given-name')}
        {text('lastName', 'Last name', 'family-name')}
      </div>
      <SelectField
        id="billing-country"
        label="Country"
        value={form.country}
        options={countries}
        placeholder="Choose your country"
        autoComplete="country"
        {...select('country')}
      />
      {regions.length > 0 && (
        <SelectField
          id="billing-region"
          label={regionLabel(form.country)}
          value={form.region}
          options={regions.map((r) => ({ value: r.code, label: r.name }))}
          placeholder={`Choose your ${regionLabel(form.country).toLowerCase()}`}
          autoComplete="address-level1"
          {...select('region')}
        />
      )}
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
