/**
 * The languages the buyer-facing catalogues are complete in, and the locales a campaign may
 * speak: a BCP 47 tag whose language is one of them and whose region says how money, numbers
 * and dates are written ("de-DE" writes "25,00 €", "en-CA" writes "$150.00").
 */
export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A campaign's locale when neither it nor its brand names one (catalogues from before locales). */
export const DEFAULT_LOCALE = 'en-US';

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** "de-DE" → "de". Every locale this module lets through has a supported language. */
export function languageOf(locale: string): Language {
  const language = locale.split('-')[0]!.toLowerCase();
  return isLanguage(language) ? language : 'en';
}

/**
 * The canonical form of a language-and-region tag ("de-de" → "de-DE") whose language the
 * catalogues speak, or null: "de" alone says nothing about money, "es-ES" is not translated.
 */
export function parseLocale(value: string): string | null {
  if (!/^[A-Za-z]{2}-[A-Za-z]{2}$/.test(value)) return null;
  let canonical: string;
  try {
    [canonical = ''] = Intl.getCanonicalLocales(value);
  } catch {
    return null;
  }
  return isLanguage(languageOf(canonical)) && canonical.split('-')[0] === languageOf(canonical) ? canonical : null;
}
