import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

export interface Country {
  code: string;
  name: string;
}

/** Countries the journey does not sell to (SPEC §5). */
export const EXCLUDED_COUNTRY_CODES: readonly string[] = ['XK', 'CN', 'RU', 'UA', 'BY'];

countries.registerLocale(en);

/** Sorts US first, then the rest by name. */
export function sortCountries(list: readonly Country[]): Country[] {
  return [...list].sort((a, b) => {
    if (a.code === 'US') return -1;
    if (b.code === 'US') return 1;
    return a.name.localeCompare(b.name, 'en');
  });
}

let cached: Country[] | null = null;

/** The ISO 3166 countries in English, without the excluded ones, US first. */
export function countryList(): Country[] {
  if (!cached) {
    const names = countries.getNames('en', { select: 'official' });
    const list = Object.entries(names)
      .filter(([code]) => !EXCLUDED_COUNTRY_CODES.includes(code))
      .map(([code, name]) => ({ code, name }));
    cached = sortCountries(list);
  }
  return cached;
}

let listed: ReadonlySet<string> | null = null;

/** Whether a code is one of countryList()'s: an ISO 3166 country the journey sells to. */
export function isListedCountry(code: string): boolean {
  listed ??= new Set(countryList().map((country) => country.code));
  return listed.has(code);
}
