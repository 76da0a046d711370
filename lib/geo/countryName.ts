import type { Words } from '@/lib/i18n/words';
import type { PostalAddress } from './addressFormat';
import { addressLines } from './addressFormat';

/** A country's name in the reader's language ("GB": "United Kingdom", "Vereinigtes Königreich"); the code where it has none. */
export function countryName(words: Words, code: string): string {
  try {
    return new Intl.DisplayNames(words.locale, { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    // Not a region code at all (an invoice from before countries were checked): as it was kept.
    return code;
  }
}

/** An address's lines as an envelope shows them, its country named in the reader's language. */
export function postalLines(words: Words, address: PostalAddress, names: { name?: string; organization?: string } = {}): string[] {
  return addressLines(address, { ...names, countryName: countryName(words, address.country) });
}
