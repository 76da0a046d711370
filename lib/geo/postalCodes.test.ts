import { describe, expect, it } from 'vitest';
import postalCodes from '@/data/postal-codes.json';
import { postalCodesFile } from './addressDataSource';
import { isPostalCodeOf, postalCodeRule } from './postalCodes';

describe('postal codes per country', () => {
  it.each([
    ['US', ['10001', '95014-1010', '95014 1010'], ['ABC', '1000', '100011']],
    ['CA', ['H3Z 2Y7', 'h3z2y7'], ['12345', 'D3Z 2Y7']],
    ['GB', ['SW1A 1AA', 'ec1y 8sy', 'GIR 0AA'], ['12345', 'ABC']],
    ['DE', ['10115'], ['1011', 'ABCDE']],
    ['FR', ['75008', '75 008'], ['7500']],
    ['AT', ['1010'], ['10100']],
    ['IE', ['A65 F4E2', 'D02X285'], ['12']],
  ])('%s takes its own shapes and refuses others', (country, good, bad) => {
    for (const code of good) expect(isPostalCodeOf(country, code), code).toBe(true);
    for (const code of bad) expect(isPostalCodeOf(country, code), code).toBe(false);
  });

  it('gives an example that matches its own pattern, for every country the data names', () => {
    for (const country of Object.keys(postalCodes.countries))
      expect(isPostalCodeOf(country, postalCodeRule(country)!.example), country).toBe(true);
  });

  it('takes any postal code in a country the data gives no pattern', () => {
    expect(postalCodeRule('AE')).toBeNull();
    expect(isPostalCodeOf('AE', 'anything')).toBe(true);
  });

  it('is the data of the package installed: an update of the lockfile asks for `npm run address-data`', () => {
    expect(`${JSON.stringify(postalCodes, null, 2)}\n`).toBe(postalCodesFile());
  });
});
