import codes from 'i18n-iso-countries/codes.json';

/** Countries the journey does not sell to (SPEC §5). */
export const EXCLUDED_COUNTRY_CODES: readonly string[] = ['XK', 'CN', 'RU', 'UA', 'BY'];

/**
 * The ISO 3166 codes the journey sells to, from the library's table of codes alone: the
 * browser checks a country without carrying any language's list of names (the payment step
 * gets its names from the server, in its own language: countries.ts).
 */
const LISTED: ReadonlySet<string> = new Set(
  (codes as readonly (readonly string[])[]).map(([alpha2]) => alpha2!).filter((code) => !EXCLUDED_COUNTRY_CODES.includes(code)),
);

/** Whether a code is a country the journey sells to. */
export function isListedCountry(code: string): boolean {
  return LISTED.has(code);
}
