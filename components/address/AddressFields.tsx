import { useMemo } from 'react';
import { useWords } from '@/components/shell/I18n';
import { Field, SelectField } from '@/components/ui/Field';
import { addressLayout, type AddressPart } from '@/lib/geo/addressLayout';
import { languageOf } from '@/lib/i18n/locales';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { useSubdivisions } from './useSubdivisions';
import styles from './AddressFields.module.css';

interface AddressFieldsProps<F extends string> {
  country: string;
  /** Whose address, for the browser's autofill: the buyer's own, or where a magazine is shipped. */
  place: 'billing' | 'delivery';
  /** "Delivery postal code" where a billing address is on the same form; plain "Postal code" otherwise. */
  qualified?: boolean;
  /** The input ids are `${idPrefix}-${field}`. */
  idPrefix: string;
  /** The form's field for each part; no region where it is asked for elsewhere (the US state, beside the country). */
  fields: { line1: F; city: F; region: F | null; postalCode: F };
  values: Readonly<Record<F, string>>;
  /** Each field's problem, in the page's words. */
  errors: Readonly<Partial<Record<F, string>>>;
  onChange: (field: F, value: string) => void;
  onBlur?: ((field: F) => void) | undefined;
  onFocus?: ((field: F) => void) | undefined;
  register?: ((field: F) => (element: HTMLInputElement | HTMLSelectElement | null) => void) | undefined;
}

const AUTOCOMPLETE: Readonly<Record<AddressPart, string>> = {
  line1: 'address-line1',
  city: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
};

/**
 * A street address as its country asks for it (Google's i18n address data): its parts in the
 * order its envelopes write them, named as it names them ("Eircode", "County"), the optional
 * ones marked, the region chosen from the country's list where it has one. The checkout's
 * billing and delivery addresses and the account's change of address use it.
 */
export function AddressFields<F extends string>(props: AddressFieldsProps<F>) {
  const { country, place, qualified = false, idPrefix, fields, values, errors, onChange, onBlur, onFocus, register } = props;
  const { t, locale } = useWords();
  const layout = addressLayout(country);
  const regions = useSubdivisions(country, languageOf(locale));
  const regionOptions = useMemo(() => (regions ?? []).map((r) => ({ value: r.code, label: r.name })), [regions]);
  const namespace = qualified ? 'payment.delivery' : 'payment.address';
  const labelOf = (part: AddressPart): MessageKey =>
    part === 'line1'
      ? qualified
        ? 'payment.delivery.line1'
        : 'payment.billing.line1'
      : part === 'city'
        ? `${namespace}.city.${layout.cityKind}`
        : part === 'region'
          ? `${namespace}.region.${layout.regionKind}`
          : `${namespace}.postalCode.${layout.postalCodeKind}`;
  const autoComplete = (part: AddressPart) => (place === 'delivery' ? `shipping ${AUTOCOMPLETE[part]}` : AUTOCOMPLETE[part]);
  const field = (part: AddressPart) => {
    const name = fields[part];
    if (name === null) return null;
    const required = layout.required.includes(part);
    const label = required ? t(labelOf(part)) : t('payment.address.optional', { label: t(labelOf(part)) });
    const bound = { id: `${idPrefix}-${name}`, label, required, error: errors[name], autoComplete: autoComplete(part) };
    if (part === 'region' && layout.regionList)
      return (
        <SelectField
          key={part}
          {...bound}
          value={values[name]}
          options={regionOptions}
          placeholder={t(regions === null ? 'payment.address.loading' : 'payment.address.choose')}
          disabled={regions === null}
          selectRef={register?.(name)}
          onChange={(value) => onChange(name, value)}
          onBlur={() => onBlur?.(name)}
        />
      );
    return (
      <Field
        key={part}
        {...bound}
        type="text"
        value={values[name]}
        inputRef={register?.(name)}
        onChange={(event) => onChange(name, event.target.value)}
        onBlur={() => onBlur?.(name)}
        onFocus={() => onFocus?.(name)}
      />
    );
  };
  const [first, ...rest] = layout.parts.filter((part) => fields[part] !== null);
  // The first part (the street, except where the postal code leads) on a line of its own, the rest side by side.
  return (
    <>
      {first && field(first)}
      {rest.length > 0 && <div className={styles.pair}>{rest.map(field)}</div>}
    </>
  );
}
