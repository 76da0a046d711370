import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n/locales';
import { regionName, regionsOf } from './regions';

describe('regionsOf', () => {
  it('lists the US states and Canadian provinces, and nothing for other countries', () => {
    expect(regionsOf('US')).toHaveLength(51);
    expect(regionsOf('CA')).toHaveLength(13);
    expect(regionsOf('DE')).toEqual([]);
    expect(regionsOf('__proto__')).toEqual([]);
  });

  it('names them in every language with the same codes', () => {
    for (const country of ['US', 'CA']) {
      const codes = regionsOf(country)
        .map((region) => region.code)
        .sort();
      for (const language of LANGUAGES)
        expect(
          regionsOf(country, language)
            .map((region) => region.code)
            .sort(),
        ).toEqual(codes);
    }
  });

  it('names a region as the language does, and sorts by that name', () => {
    const french = regionsOf('US', 'fr').map((region) => region.name);
    expect(french).toContain('Caroline du Nord');
    expect(french.indexOf('Caroline du Nord')).toBeLessThan(french.indexOf('Colorado'));
    expect(regionsOf('CA', 'fr').map((region) => region.name)).toContain('Colombie-Britannique');
    expect(regionsOf('US', 'de').find((region) => region.code === 'CA')?.name).toBe('Kalifornien');
  });
});

describe('regionName', () => {
  it('names a known region and nothing else', () => {
    expect(regionName('CA', 'QC', 'fr')).toBe('Québec');
    expect(regionName('CA', 'QC')).toBe('Quebec');
    expect(regionName('US', 'QC')).toBeNull();
    expect(regionName('US', null)).toBeNull();
  });
});
