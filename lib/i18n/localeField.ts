import { z } from 'zod';
import { DEFAULT_LOCALE, parseLocale } from './locales';

/** BCP 47 tags can be long, but none a page sends is longer than this (RFC 5646 asks room for 35). */
export const LOCALE_TAG_MAX_LENGTH = 35;

function isWellFormedTag(value: string): boolean {
  try {
    Intl.getCanonicalLocales(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A locale a page sends with a request (the account's sign-in, for the mail it asks for): a
 * tag the catalogues speak is that locale (`parseLocale`); a well-formed tag they do not
 * ("es-ES", "de") or none is English, as a page of that locale would be; only a value no tag
 * could be, or an oversized one, is refused.
 */
export const requestedLocale = z
  .string()
  .max(LOCALE_TAG_MAX_LENGTH, `must be at most ${LOCALE_TAG_MAX_LENGTH} characters`)
  .refine(isWellFormedTag, 'must be a BCP 47 language tag such as de-DE')
  .optional()
  .transform((value) => (value === undefined ? DEFAULT_LOCALE : (parseLocale(value) ?? DEFAULT_LOCALE)));
