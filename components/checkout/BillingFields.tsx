import { useMemo } from 'react';
import { SelectField } from '@/components/ui/Field';
import { BillingTextField } from './BillingTextField';
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
        required
        error={errors.country}
        selectRef={register('country')}
        onChange={(value) => onChange('country', value)}
        onBlur={() => onBlur('country')}
      />
      {regions.length > 0 && (
        <SelectField
          id="billing-region"
          label={regionLabel(form.country)}
          value={form.region}
          options={regions.map((r) => ({ value: r.code, label: r.name }))}
          placeholder={`Choose your ${regionLabel(form.country).toLowerCase()}`}
          autoComplete="address-level1"
          required
          error={errors.region}
          selectRef={register('region')}
          onChange={(value) => onChange('region', value)}
          onBlur={() => onBlur('region')}
        />
      )}
      {needsAddress && (
        <>
          {text('line1', 'Address', 'address-line1')}
          <div className={styles.pair}>
            {text('city', 'City', 'address-level2')}
            {text('postalCode', 'Postal code', 'postal-code')}
          </div>
        </>
      )}
    </fieldset>
  );
}
