import { describe, expect, it } from 'vitest';
import type { Offer } from '@/lib/catalogue/types';
import { flowFixture, offerFixture } from '@/tests/fixtures/flows';
import {
  cartItemsOf,
  chooseOffer,
  encodeCartSelection,
  MAX_ADD_ONS,
  resolveCart,
  withAddOn,
  withLocation,
  withPromoCode,
  type CartSelection,
} from './cartSelection';
import { decodeCartSelection } from './cartCookieCodec';

const selection = (overrides: Partial<CartSelection> = {}): CartSelection => ({
  offerId: '2001',
  addOnIds: [],
  promoCode: null,
  country: null,
  region: null,
  ...overrides,
});

const plan = (id: string, overrides: Partial<Offer> = {}) =>
  offerFixture({ id, name: `Plan ${id}`, description: `Plan ${id}: one year`, ...overrides });
const addOn = (id: string, parentId: string, overrides: Partial<Offer> = {}) =>
  offerFixture({
    id,
    name: `Add-on ${id}`,
    description: `Add-on ${id}: once`,
    totalAmount: 2500,
    discountedAmount: null,
    isCrossSell: true,
    appliesIf: { parentOffer: { id: parentId, uuid: null } },
    ...overrides,
  });

const digital = plan('2001', { totalAmount: 15000, discountedAmount: 9900 });
const print = plan('2002', { totalAmount: 20000, discountedAmount: 14900, isPrintOffer: true });
const flow = flowFixture([digital, print], { campaignId: 'newyorker-demo-dual' });
const tote = addOn('2101', '2002');
const puzzles = addOn('2102', '0', { totalAmount: 2400, discountedAmount: 1200 });
const poundAddOn = addOn('2103', '0', { currencyCode: 'GBP', currency: '£' });
const crossSells = [tote, puzzles, poundAddOn];

describe('chooseOffer', () => {
  it('starts an empty selection with the offer alone (choosing empties the cart)', () => {
    expect(chooseOffer('1001')).toEqual({ offerId: '1001', addOnIds: [], promoCode: null, country: null, region: null });
  });
});

describe('withAddOn', () => {
  it.each<[string, CartSelection, string, boolean, string[]]>([
    ['adds one', selection(), '2101', true, ['2101']],
    ['adds after the others', selection({ addOnIds: ['2102'] }), '2101', true, ['2102', '2101']],
    ['adds one already there once', selection({ addOnIds: ['2101'] }), '2101', true, ['2101']],
    ['removes one', selection({ addOnIds: ['2101', '2102'] }), '2101', false, ['2102']],
    ['removing one not there changes nothing', selection({ addOnIds: ['2102'] }), '2101', false, ['2102']],
    ['never adds the plan as its own add-on', selection(), '2001', true, []],
    [
      'adds no sixth add-on (the quote and the cookie take five)',
      selection({ addOnIds: ['11', '12', '13', '14', '15'] }),
      '16',
      true,
      ['11', '12', '13', '14', '15'],
    ],
  ])('%s', (_label, from, id, selected, expected) => {
    const next = withAddOn(from, id, selected);
    expect(next.addOnIds).toEqual(expected);
    expect({ ...next, addOnIds: from.addOnIds }).toEqual(from);
  });

  it('leaves the selection it was given as it was', () => {
    const from = selection({ addOnIds: ['2102'] });
    withAddOn(from, '2101', true);
    expect(from.addOnIds).toEqual(['2102']);
  });
});

describe('withPromoCode', () => {
  it.each<[string | null, string | null]>([
    ['SAVE20', 'SAVE20'],
    ['', null],
    [null, null],
  ])('%j → %j', (code, expected) => {
    expect(withPromoCode(selection({ addOnIds: ['2102'] }), code)).toEqual(selection({ addOnIds: ['2102'], promoCode: expected }));
  });
});

describe('withLocation', () => {
  it.each<[string | null, string | null, Pick<CartSelection, 'country' | 'region'>]>([
    ['US', 'NY', { country: 'US', region: 'NY' }],
    ['GB', null, { country: 'GB', region: null }],
    ['GB', '', { country: 'GB', region: null }],
    ['', 'NY', { country: null, region: null }],
    [null, 'NY', { country: null, region: null }],
    [null, null, { country: null, region: null }],
  ])('%j, %j → %j', (country, region, expected) => {
    expect(withLocation(selection({ promoCode: 'SAVE20' }), country, region)).toEqual(selection({ promoCode: 'SAVE20', ...expected }));
  });
});

describe('cartItemsOf', () => {
  it('lists the plan first, then the chosen add-ons on offer, in the order chosen', () => {
    const items = cartItemsOf(print, [tote, puzzles], selection({ offerId: '2002', addOnIds: ['2102', '2101'] }), 'newyorker-demo-dual');
    expect(items).toEqual([
      { id: '2002', name: 'Plan 2002: one year', price: 14900, currencyCode: 'USD', campaignId: 'newyorker-demo-dual' },
      { id: '2102', name: 'Add-on 2102: once', price: 1200, currencyCode: 'USD', campaignId: 'newyorker-demo-dual' },
      { id: '2101', name: 'Add-on 2101: once', price: 2500, currencyCode: 'USD', campaignId: 'newyorker-demo-dual' },
    ]);
  });

  it('leaves out chosen add-ons that are not on offer', () => {
    expect(cartItemsOf(digital, [puzzles], selection({ addOnIds: ['2101', '2102', '9999'] }), 'c').map((item) => item.id)).toEqual([
      '2001',
      '2102',
    ]);
  });
});

describe('resolveCart', () => {
  it('is null without a selection', () => {
    expect(resolveCart(null, flow, crossSells)).toBeNull();
  });

  it('is null when the plan is not in the campaign (any more)', () => {
    expect(resolveCart(selection({ offerId: '1001' }), flow, crossSells)).toBeNull();
    expect(resolveCart(selection({ offerId: '2101' }), flow, crossSells)).toBeNull();
  });

  it.each<[string, CartSelection, string[], string[]]>([
    ['the print plan takes its own add-on and those for every offer', selection({ offerId: '2002' }), ['2101', '2102'], []],
    ['the digital plan only those for every offer', selection(), ['2102'], []],
    ['chosen add-ons on offer are kept', selection({ offerId: '2002', addOnIds: ['2101', '2102'] }), ['2101', '2102'], ['2101', '2102']],
    ["another plan's add-on is dropped", selection({ addOnIds: ['2101', '2102'] }), ['2102'], ['2102']],
    ['an add-on in another currency is neither offered nor kept', selection({ addOnIds: ['2103'] }), ['2102'], []],
    ['an unknown add-on is dropped', selection({ addOnIds: ['9999'] }), ['2102'], []],
  ])('%s', (_label, chosen, available, kept) => {
    const cart = resolveCart(chosen, flow, crossSells)!;
    expect(cart.plan).toBe(chosen.offerId === '2002' ? print : digital);
    expect(cart.availableAddOns.map((offer) => offer.id)).toEqual(available);
    expect(cart.selection).toEqual({ ...chosen, addOnIds: kept });
    expect(cart.items.map((item) => item.id)).toEqual([chosen.offerId, ...kept]);
    expect(cart.items.every((item) => item.campaignId === 'newyorker-demo-dual')).toBe(true);
  });

  it('keeps the promo code and location as chosen', () => {
    const chosen = selection({ promoCode: 'SAVE20', country: 'US', region: 'NY' });
    expect(resolveCart(chosen, flow, crossSells)!.selection).toEqual(chosen);
  });
});

describe('a full cart of add-ons', () => {
  it('still round-trips through the cookie', () => {
    let full = selection();
    for (const id of ['11', '12', '13', '14', '15', '16']) full = withAddOn(full, id, true);
    expect(full.addOnIds).toHaveLength(MAX_ADD_ONS);
    expect(decodeCartSelection(encodeCartSelection(full))).toEqual({ ok: true, selection: full });
  });
});
