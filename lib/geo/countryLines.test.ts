import { describe, expect, it } from 'vitest';
import { countryList } from './countries';
import { countriesOf, countryLines } from './countryLines';

describe('countryLines', () => {
  it('gives back every country, in its order, in each language', () => {
    for (const language of ['en', 'de', 'fr'] as const)
      expect(countriesOf(countryLines(countryList(language)))).toEqual(countryList(language));
  });

  it('is one line per country: the code, then the name', () => {
    expect(
      countryLines([
        { code: 'DE', name: 'Deutschland' },
        { code: 'CI', name: 'Côte d’Ivoire' },
      ]),
    ).toBe('DEDeutschland\nCICôte d’Ivoire');
    expect(countriesOf('')).toEqual([]);
  });

  it('is smaller than the list as JSON', () => {
    const list = countryList('de');
    expect(JSON.stringify(countryLines(list)).length).toBeLessThan(JSON.stringify(list).length / 2);
  });
});
