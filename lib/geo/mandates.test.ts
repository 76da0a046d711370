import { describe, expect, it } from 'vitest';
import { mandateApplies, type MandateList } from './mandates';

const mandates: MandateList = {
  DE: [],
  US: ['CA', 'NY', 'IL'],
  CA: ['QC'],
};

describe('mandateApplies', () => {
  it.each<[string, string | null | undefined, boolean]>([
    // Empty region list: the whole country.
    ['DE', undefined, true],
    ['DE', null, true],
    ['DE', '', true],
    ['DE', 'BY', true],
    ['DE', 'anything', true],
    // Non-empty list: only the listed regions.
    ['US', 'CA', true],
    ['US', 'NY', true],
    ['US', 'IL', true],
    ['US', 'TX', false],
    ['US', 'ca', false],
    ['US', '', false],
    ['US', undefined, false],
    ['US', null, false],
    ['CA', 'QC', true],
    ['CA', 'ON', false],
    // A region listed for another country does not count.
    ['CA', 'NY', false],
    // Countries that are not keys.
    ['FR', undefined, false],
    ['FR', 'CA', false],
    ['GB', null, false],
    ['', undefined, false],
    ['us', 'CA', false],
    ['de', undefined, false],
    // Keys inherited from Object.prototype never apply.
    ['constructor', undefined, false],
    ['__proto__', undefined, false],
    ['toString', undefined, false],
    ['hasOwnProperty', undefined, false],
    ['valueOf', undefined, false],
    ['constructor', 'name', false],
    ['__proto__', 'constructor', false],
  ])('country %j, region %j → %s', (country, region, expected) => {
    expect(mandateApplies(mandates, country, region)).toBe(expected);
  });

  it.each<[string, MandateList, string, string | undefined, boolean]>([
    ['no mandates at all', {}, 'US', 'CA', false],
    ['a null-prototype list', Object.assign(Object.create(null) as Record<string, string[]>, { DE: [] }), 'DE', undefined, true],
    ['a null-prototype list, missing key', Object.create(null) as MandateList, 'constructor', undefined, false],
    ['a region called "length"', { US: ['CA'] }, 'US', 'length', false],
  ])('%s', (_label, list, country, region, expected) => {
    expect(mandateApplies(list, country, region)).toBe(expected);
  });
});
