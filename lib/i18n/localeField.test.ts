import { describe, expect, it } from 'vitest';
import { requestedLocale } from './localeField';

describe('requestedLocale', () => {
  it('is a locale the catalogues speak, in its canonical form', () => {
    expect(requestedLocale.parse('de-DE')).toBe('de-DE');
    expect(requestedLocale.parse('fr-fr')).toBe('fr-FR');
    expect(requestedLocale.parse('en-CA')).toBe('en-CA');
  });

  it('is English for a well-formed tag the catalogues do not speak, or none', () => {
    for (const value of ['es-ES', 'de', 'zh-Hant-TW', 'de-DE-x-private', undefined]) expect(requestedLocale.parse(value)).toBe('en-US');
  });

  it('refuses a value no tag could be, or an oversized one, saying why', () => {
    for (const value of ['', 'en_US', 'de-DE!', '<script>', 'a'.repeat(9)]) {
      const result = requestedLocale.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a BCP 47 language tag such as de-DE');
    }
    expect(requestedLocale.safeParse(`en-US-x-${'a1b2c3d4-'.repeat(4)}`).error?.issues[0]?.message).toBe('must be at most 35 characters');
    expect(requestedLocale.safeParse(42).success).toBe(false);
  });
});
