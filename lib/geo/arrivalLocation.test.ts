import { describe, expect, it } from 'vitest';
import { isPriceable, listedLocation, startingLocation, type ArrivalLocation } from './arrivalLocation';

describe('listedLocation', () => {
  it.each<[string, string | null, ReturnType<typeof listedLocation>]>([
    ['DE', null, { country: 'DE', region: null }],
    [' de ', null, { country: 'DE', region: null }],
    ['US', 'CA', { country: 'US', region: 'CA' }],
    ['US', 'US-NY', { country: 'US', region: 'NY' }],
    ['CA', 'qc', { country: 'CA', region: 'QC' }],
    // A region the country does not have, or a country without regions: the country alone.
    ['US', 'QC', { country: 'US', region: null }],
    ['US', 'CA-QC', { country: 'US', region: null }],
    ['DE', 'BY', { country: 'DE', region: null }],
    ['US', '', { country: 'US', region: null }],
    // Cloudflare's and CloudFront's unknown and Tor codes, countries not sold to, junk.
    ['XX', null, null],
    ['T1', null, null],
    ['RU', null, null],
    ['', null, null],
    ['DEU', null, null],
    ['D', null, null],
    ['<script>', 'CA', null],
  ])('%j with region %j is %j', (country, region, location) => {
    expect(listedLocation(country, region)).toEqual(location);
  });
});

describe('isPriceable', () => {
  it.each<[string, string | null, boolean]>([
    ['DE', null, true],
    ['US', 'CA', true],
    ['US', null, false],
    ['CA', null, false],
  ])('%s with region %s: %s', (country, region, priceable) => {
    expect(isPriceable({ country, region })).toBe(priceable);
  });
});

describe('startingLocation', () => {
  const arrival: ArrivalLocation = { country: 'US', region: 'NY', source: 'edge' };

  it("starts with the buyer's own country and region, whatever the arrival says", () => {
    expect(startingLocation({ country: 'FR', region: null }, arrival)).toEqual({ country: 'FR', region: '' });
    expect(startingLocation({ country: 'US', region: 'CA' }, arrival)).toEqual({ country: 'US', region: 'CA' });
  });

  it('starts where the visitor arrived from while the buyer has chosen nothing', () => {
    expect(startingLocation({ country: null, region: null }, arrival)).toEqual({ country: 'US', region: 'NY' });
    expect(startingLocation({ country: null, region: null }, { country: 'DE', region: null, source: 'address' })).toEqual({
      country: 'DE',
      region: '',
    });
  });

  it('starts empty when nothing is known', () => {
    expect(startingLocation({ country: null, region: null }, null)).toEqual({ country: '', region: '' });
  });
});
