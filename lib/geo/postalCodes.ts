import postalCodes from '@/data/postal-codes.json';

/**
 * Each country's postal-code pattern and an example, from Google's i18n address data
 * (data/postal-codes.json, written by `npm run address-data`). A country the data gives no
 * pattern has postal codes of any shape.
 */
const COUNTRIES: Readonly<Record<string, { pattern: string; example: string }>> = postalCodes.countries;
const compiled = new Map<string, RegExp>();

/** The country's postal-code rule, or null when it has none. */
export function postalCodeRule(country: string): { pattern: RegExp; example: string } | null {
  const rule = COUNTRIES[country];
  if (!rule) return null;
  let pattern = compiled.get(country);
  if (!pattern) compiled.set(country, (pattern = new RegExp(`^(?:${rule.pattern})$`)));
  return { pattern, example: rule.example };
}

/** Whether `value` is a postal code of `country` as a postman reads it (case and surrounding spaces aside). */
export function isPostalCodeOf(country: string, value: string): boolean {
  const rule = postalCodeRule(country);
  return rule === null || rule.pattern.test(value.trim().toUpperCase());
}
