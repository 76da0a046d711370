import { describe, expect, it } from 'vitest';
import { languageOf, parseLocale } from './locales';

describe('parseLocale', () => {
  it('answers the canonical tag of a supported language with its region', () => {
    expect(parseLocale('de-de')).toBe('de-DE');
    expect(parseLocale('fr-CA')).toBe('fr-CA');
    expect(parseLocale('en-GB')).toBe('en-GB');
  });

  it('refuses a language alone, an untranslated language and junk', () => {
    for (const value of ['de', 'es-ES', 'en_US', 'en-USA', '', 'xx-YY', 'de-DE-x-private']) expect(parseLocale(value)).toBeNull();
  });
});

describe('languageOf', () => {
  it('is the first subtag', () => {
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf('fr-CA')).toBe('fr');
    expect(languageOf('en-US')).toBe('en');
  });
});
