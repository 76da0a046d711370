import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import type { Language } from '@/lib/i18n/locales';
import { EXCLUDED_COUNTRY_CODES } from './countryCodes';
import type { Country } from './countryLines';

export type { Country } from './countryLines';

// Only the languages the catalogues speak (lib/i18n/locales.ts). The server names the
// countries: a page gets its language's list in its props, never these tables in its script.
countries.registerLocale(en);
countries.registerLocale(de);
countries.registerLocale(fr);

/** Sorts US first, then the rest by name, as the language sorts ("Österreich" among the O's in German). */
export function sortCountries(list: readonly Country[], language: Language = 'en'): Country[] {
  return [...list].sort((a, b) => {
    if (a.code === 'US') return -1;
    if (b.code === 'US') return 1;
    return a.name.localeCompare(b.name, language);
  });
}

const cached = new Map<Language, Country[]>();

/** The ISO 3166 countries named in a language (English by default), without the excluded ones, US first. */
export function countryList(language: Language = 'en'): Country[] {
  let list = cached.get(language);
  if (!list) {
    const names = countries.getNames(language, { select: 'official' });
    list = sortCountries(
      Object.entries(names)
        .filter(([code]) => !EXCLUDED_COUNTRY_CODES.includes(code))
        .map(([code, name]) => ({ code, name })),
      language,
    );
    cached.set(language, list);
  }
  return list;
}
