import { describe, expect, it } from 'vitest';
import { ALL_OFFERS_PARENT_ID, crossSellsFor } from './crossSell';
import type { Offer } from './types';

function crossSell(id: string, parentId: string | null): Offer {
  return {
    id,
    uuid: `5a1e0000-0000-4000-8000-${id.padStart(12, '0')}`,
    brand: { slug: 'newyorker', name: 'The New Yorker' },
    name: `Add-on ${id}`,
    description: `Add-on ${id}`,
    currencyCode: 'USD',
    currency: '$',
    totalAmount: 2500,
    discountedAmount: null,
    billingInterval: 'year',
    trialOffer: false,
    trialDays: null,
    isPrintOffer: false,
    isCrossSell: parentId !== null,
    features: [],
    savingBadge: null,
    image: null,
    appliesIf: parentId === null ? null : { parentOffer: { id: parentId, uuid: null } },
  };
}

const all = crossSell('2102', '0');
const forPrint = crossSell('2101', '2002');
const forDigital = crossSell('2103', '2001');
const unlinked = crossSell('2104', null);
const forPrefix = crossSell('2105', '20');
const offers = [all, forPrint, forDigital, unlinked, forPrefix];

describe('crossSellsFor', () => {
  it('uses "0" for all offers (SPEC §3)', () => {
    expect(ALL_OFFERS_PARENT_ID).toBe('0');
  });

  it.each<[string, readonly Offer[], string[]]>([
    ['2002', offers, ['2102', '2101']],
    ['2001', offers, ['2102', '2103']],
    ['20', offers, ['2102', '2105']],
    ['9999', offers, ['2102']],
    ['200', offers, ['2102']],
    ['20021', offers, ['2102']],
    ['', offers, ['2102']],
    ['2002', [], []],
    ['2002', [forDigital, unlinked], []],
    ['2002', [forPrint, all], ['2101', '2102']],
    ['0', [forPrint, unlinked], []],
  ])('chosen offer %j → %j', (chosen, list, expected) => {
    expect(crossSellsFor(chosen, list).map((o) => o.id)).toEqual(expected);
  });

  it('keeps the order and the objects it was given', () => {
    const result = crossSellsFor('2002', [forPrint, all]);
    expect(result[0]).toBe(forPrint);
    expect(result[1]).toBe(all);
  });

  it('does not change the list it is given', () => {
    const list = [...offers];
    crossSellsFor('2002', list);
    expect(list).toEqual(offers);
  });
});
