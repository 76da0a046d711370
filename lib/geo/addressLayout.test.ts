import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sellers from '@/data/sellers.json';
import { addressLayout } from './addressLayout';
import { subdivisionChunksFile, subdivisionFiles } from './addressDataSource';
import { isPostalCodeOf, postalCodeRule } from './postalCodes';

/** Every country a seller of the demo catalogue sells in (data/sellers.json). */
const MARKETS = [...new Set(sellers.sellers.flatMap((seller) => Object.values(seller.markets).flat()))].sort();

describe('addressLayout', () => {
  it('knows the markets of the demo catalogue', () => {
    expect(MARKETS).toEqual(['CA', 'DE', 'FR', 'GB', 'US']);
  });

  it.each([
    // country, parts in order, required, region kind, postal-code kind, city kind, region from a list
    ['US', ['line1', 'city', 'region', 'postalCode'], ['line1', 'city', 'region', 'postalCode'], 'state', 'zip', 'city', true],
    ['CA', ['line1', 'city', 'region', 'postalCode'], ['line1', 'city', 'region', 'postalCode'], 'province', 'postal', 'city', true],
    ['GB', ['line1', 'city', 'postalCode'], ['line1', 'city', 'postalCode'], 'province', 'postal', 'post_town', false],
    ['DE', ['line1', 'postalCode', 'city'], ['line1', 'postalCode', 'city'], 'province', 'postal', 'city', false],
    ['FR', ['line1', 'postalCode', 'city'], ['line1', 'postalCode', 'city'], 'province', 'postal', 'city', false],
    ['IT', ['line1', 'postalCode', 'city', 'region'], ['line1', 'postalCode', 'city', 'region'], 'province', 'postal', 'city', true],
    ['ES', ['line1', 'postalCode', 'city', 'region'], ['line1', 'postalCode', 'city', 'region'], 'province', 'postal', 'city', true],
    ['IE', ['line1', 'city', 'region', 'postalCode'], ['line1', 'city'], 'county', 'eircode', 'city', true],
    ['JP', ['line1', 'region', 'postalCode'], ['line1', 'region', 'postalCode'], 'prefecture', 'postal', 'city', true],
    ['AE', ['line1', 'region'], ['line1', 'region'], 'emirate', 'postal', 'city', true],
    ['CO', ['line1', 'city', 'region', 'postalCode'], ['line1', 'region'], 'department', 'postal', 'city', false],
  ])('%s: asks for %j, requires %j', (country, parts, required, regionKind, postalCodeKind, cityKind, regionList) => {
    expect(addressLayout(country)).toEqual({ parts, required, regionKind, postalCodeKind, cityKind, regionList });
  });

  it('asks for a street and a city where the data names no country', () => {
    expect(addressLayout('QQ')).toMatchObject({ parts: ['line1', 'city'], required: ['line1', 'city'] });
  });

  it.each(MARKETS)('%s, a market: every address part a postman needs is asked for, its postal codes checked by shape', (country) => {
    const layout = addressLayout(country);
    expect(layout.required).toEqual(expect.arrayContaining(['line1', 'city', 'postalCode']));
    const rule = postalCodeRule(country)!;
    expect(isPostalCodeOf(country, rule.example)).toBe(true);
    expect(isPostalCodeOf(country, 'ABC')).toBe(false);
  });
});

describe('the regions of Google’s data', () => {
  const files = subdivisionFiles();

  it('gives each country’s list codes of its own, once each', () => {
    for (const [country, text] of Object.entries(files)) {
      const codes = (JSON.parse(text) as { code: string }[]).map((region) => region.code);
      expect(new Set(codes).size, country).toBe(codes.length);
      expect(addressLayout(country).regionList, country).toBe(true);
    }
  });

  it('writes each region as its envelopes do', () => {
    const list = (country: string) => JSON.parse(files[country]!) as { code: string; name: string }[];
    expect(list('IT')).toContainEqual({ code: 'RM', name: 'Roma' });
    expect(list('IE')).toContainEqual({ code: 'Co. Dublin', name: 'Co. Dublin' });
    expect(list('ES')).toContainEqual({ code: 'Madrid', name: 'Madrid' });
    expect(list('JP')).toContainEqual({ code: 'Tokyo', name: 'Tokyo' });
    expect(list('US')).toContainEqual({ code: 'TX', name: 'Texas' });
  });

  it('is the data of the package installed: an update of the lockfile asks for `npm run address-data`', () => {
    const written = fs.readdirSync('data/subdivisions').sort();
    expect(written).toEqual(Object.keys(files).map((country) => `${country}.json`));
    for (const [country, text] of Object.entries(files))
      expect(fs.readFileSync(path.join('data/subdivisions', `${country}.json`), 'utf8'), country).toBe(text);
    expect(fs.readFileSync('lib/geo/subdivisionChunks.ts', 'utf8')).toBe(subdivisionChunksFile());
  });
});
