import { describe, expect, it } from 'vitest';
import { billedTo } from './billedTo';

describe('billedTo', () => {
  it('names a digital buyer and their state and country', () => {
    expect(billedTo({ firstName: 'Ada', lastName: 'Lovelace', country: 'US', region: 'NY' })).toEqual({
      name: 'Ada Lovelace',
      address: ['New York', 'United States of America'],
    });
  });

  it('writes a print buyer’s billing address line by line, as an envelope of its country does', () => {
    const billing = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'US',
      region: 'NY',
      address: { line1: '1 World Trade Center', city: 'New York', postalCode: '10007' },
    };
    expect(billedTo(billing).address).toEqual(['1 World Trade Center', 'New York, NY 10007', 'United States of America']);
    const berlin = {
      ...billing,
      country: 'DE',
      region: undefined,
      address: { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' },
    };
    expect(billedTo({ ...berlin, company: { name: 'Acme GmbH' } }, 'de').address).toEqual([
      'Acme GmbH',
      'Unter den Linden 1',
      '10117 Berlin',
      'Deutschland',
    ]);
  });

  it('leaves out a region where the country has none', () => {
    const billing = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'GB',
      address: { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' },
    };
    expect(billedTo(billing).address).toEqual(['10 Downing Street', 'London', 'SW1A 2AA', expect.stringMatching(/^United Kingdom/)]);
    expect(billedTo({ firstName: 'Ada', lastName: 'Lovelace', country: 'DE' }).address).toEqual(['Germany']);
  });

  it('names the country in the page’s language', () => {
    expect(billedTo({ firstName: 'Ada', lastName: 'Reader', country: 'DE' }, 'de').address).toEqual(['Deutschland']);
    expect(billedTo({ firstName: 'Ada', lastName: 'Reader', country: 'DE' }, 'fr').address).toEqual(['Allemagne']);
  });

  it('names the state or province in the page’s language', () => {
    expect(billedTo({ firstName: 'Ada', lastName: 'Reader', country: 'US', region: 'CA' }, 'de').address).toEqual([
      'Kalifornien',
      'Vereinigte Staaten von Amerika',
    ]);
    expect(billedTo({ firstName: 'Ada', lastName: 'Reader', country: 'CA', region: 'QC' }, 'fr').address).toEqual(['Québec', 'Canada']);
  });
});
