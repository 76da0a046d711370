import { describe, expect, it } from 'vitest';
import { languageRegion } from './languageRegion';

describe('languageRegion', () => {
  it.each<[string, string | null]>([
    ['de-DE', 'DE'],
    ['fr-CA', 'CA'],
    ['en-us', 'US'],
    ['de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7', 'DE'],
    ['zh-Hant-TW', 'TW'],
    ['sr-Latn-RS;q=1', 'RS'],
    // A bare language names no country.
    ['de', null],
    ['*', null],
    // The first language decides: its own region, even written after it.
    ['de,en-US;q=0.7,en;q=0.3', null],
    ['en,en-GB;q=0.9,de-DE;q=0.8', 'GB'],
    // q-values, not the header's order, say which language comes first.
    ['en-US;q=0.5, fr-FR;q=0.9', 'FR'],
    ['en-US;q=0.5, fr;q=0.9, fr-BE;q=0.8', 'BE'],
    ['de-AT;q=0, fr-CH', 'CH'],
    // Numeric (UN M.49) regions and junk name no country; malformed weights drop the entry.
    ['es-419', null],
    ['en-US;q=2, de-DE', 'DE'],
    ['en-US;q=abc, de-DE;q=0.5', 'DE'],
    ['1234, ;;;, de-CH', 'CH'],
    ['', null],
  ])('%j → %j', (header, region) => {
    expect(languageRegion(header)).toBe(region);
  });

  it('reads a header sent twice as one list, and none as nothing', () => {
    expect(languageRegion(['de', 'de-AT;q=0.5'])).toBe('AT');
    expect(languageRegion(undefined)).toBeNull();
  });

  it('reads only the start of a long header', () => {
    expect(languageRegion(`${'x,'.repeat(200)}de-DE`)).toBeNull();
    expect(languageRegion(`fr-FR,${'fr;q=0.5,'.repeat(100_000)}`)).toBe('FR');
  });
});
