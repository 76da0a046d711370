import { describe, expect, it } from 'vitest';
import addressFormats from '@/data/address-formats.json';
import { addressFormatsFile } from './addressDataSource';
import { addressLines } from './addressFormat';

describe('addressLines', () => {
  it('writes a US address as a US envelope does', () => {
    const address = { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701', country: 'US', region: 'TX' };
    expect(addressLines(address, { countryName: 'United States', name: 'Quinn Tester' })).toEqual([
      'Quinn Tester',
      '1 Congress Ave',
      'Austin, TX 78701',
      'United States',
    ]);
  });

  it('puts the postal code before the city where the country does', () => {
    const address = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };
    expect(addressLines(address, { countryName: 'Deutschland' })).toEqual(['Unter den Linden 1', '10117 Berlin', 'Deutschland']);
  });

  it('writes the company where the country puts it, and a line of its own for a British postcode', () => {
    const address = { line1: '1 Finsbury Sq', city: 'London', postalCode: 'EC1Y 8SY', country: 'GB' };
    expect(addressLines(address, { countryName: 'United Kingdom', name: 'Ann Lee', organization: 'Acme Ltd' })).toEqual([
      'Ann Lee',
      'Acme Ltd',
      '1 Finsbury Sq',
      'London',
      'EC1Y 8SY',
      'United Kingdom',
    ]);
  });

  it('keeps only the separators between fields that are there', () => {
    const noRegion = { line1: '1 Main St', city: 'Austin', postalCode: '78701', country: 'US' };
    expect(addressLines(noRegion, { countryName: 'US' })[1]).toBe('Austin 78701');
    const noCity = { line1: '1 Main St', city: '', postalCode: '78701', country: 'US', region: 'TX' };
    expect(addressLines(noCity, { countryName: 'US' })[1]).toBe('TX 78701');
    const swiss = { line1: 'Bahnhofstrasse 1', city: 'Zürich', postalCode: '8001', country: 'CH' };
    expect(addressLines(swiss, { countryName: 'Schweiz' })).toEqual(['Bahnhofstrasse 1', 'CH-8001 Zürich', 'Schweiz']);
  });

  it('writes a country the data has no layout for with the default one', () => {
    const address = { line1: '1 Road', city: 'Town', postalCode: '', country: 'AQ' };
    expect(addressLines(address, { countryName: 'Antarctica' })).toEqual(['1 Road', 'Town', 'Antarctica']);
  });

  it('is the data of the package installed: an update of the lockfile asks for `npm run address-data`', () => {
    expect(`${JSON.stringify(addressFormats, null, 2)}\n`).toBe(addressFormatsFile());
  });
});
