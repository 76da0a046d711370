import { describe, expect, it } from 'vitest';
import { buildQuote, type QuoteInput } from './quote';
import { NO_TAX, type TaxRate } from './tax';

const plan = { id: '2002', name: 'Print + Digital', totalAmount: 20000, discountedAmount: 14900, trialOffer: false };
const tote = { id: '2101', name: 'Tote', totalAmount: 2500, discountedAmount: null, trialOffer: false };
const trial = { id: '3001', name: 'Trial', totalAmount: 2999, discountedAmount: null, trialOffer: true };
const salesTax: TaxRate = { rate: 0.065, inclusive: false, label: 'Sales tax' };
const vat: TaxRate = { rate: 0.2, inclusive: true, label: 'VAT' };

const quote = (overrides: Partial<QuoteInput>) =>
  buildQuote({ currencyCode: 'USD', items: [plan], coupon: null, taxRate: NO_TAX, ...overrides });

describe('buildQuote', () => {
  it.each([
    ['no coupon, no tax', {}, { subtotal: 14900, discount: 0, tax: 0, total: 14900 }],
    ['20 % off', { coupon: { percent_off: 20 } }, { subtotal: 14900, discount: 2980, tax: 0, total: 11920 }],
    ['$10 off', { coupon: { amount_off: 1000 } }, { subtotal: 14900, discount: 1000, tax: 0, total: 13900 }],
    ['100 % off', { coupon: { percent_off: 100 } }, { subtotal: 14900, discount: 14900, tax: 0, total: 0 }],
    ['amount off above the price', { coupon: { amount_off: 99999 } }, { subtotal: 14900, discount: 14900, tax: 0, total: 0 }],
    ['sales tax added', { taxRate: salesTax }, { subtotal: 14900, discount: 0, tax: 969, total: 15869 }],
    [
      '20 % off then sales tax',
      { coupon: { percent_off: 20 }, taxRate: salesTax },
      { subtotal: 14900, discount: 2980, tax: 775, total: 12695 },
    ],
    ['VAT included', { taxRate: vat }, { subtotal: 14900, discount: 0, tax: 2483, total: 14900 }],
    ['with an add-on', { items: [plan, tote] }, { subtotal: 17400, discount: 0, tax: 0, total: 17400 }],
    ['a trial', { items: [trial], taxRate: salesTax }, { subtotal: 0, discount: 0, tax: 0, total: 0 }],
    [
      'odd percentage keeps the invoice adding up',
      { items: [{ ...plan, discountedAmount: 1999 }], coupon: { percent_off: 12.5 } },
      { subtotal: 1999, discount: 250, tax: 0, total: 1749 },
    ],
  ] as const)('%s', (_name, overrides, expected) => {
    const result = quote(overrides as Partial<QuoteInput>);
    expect(result).toMatchObject(expected);
    expect(result.subtotal - result.discount + (result.taxRate.inclusive ? 0 : result.tax)).toBe(result.total);
    expect(Number.isInteger(result.total)).toBe(true);
  });

  it('lists each item at the price paid today', () => {
    expect(quote({ items: [plan, tote] }).lines).toEqual([
      { offerId: '2002', name: 'Print + Digital', amount: 14900 },
      { offerId: '2101', name: 'Tote', amount: 2500 },
    ]);
  });

  it('carries the terms of offers that name their interval, and none for lines that do not', () => {
    const lines = quote({
      items: [{ ...plan, billingInterval: 'year' }, tote, { ...trial, billingInterval: 'month', trialDays: 14 }],
    }).lines;
    expect(lines[0]?.terms).toEqual({
      currencyCode: 'USD',
      billingInterval: 'year',
      firstAmount: 14900,
      renewalAmount: 20000,
      trialOffer: false,
      trialDays: null,
    });
    expect(lines[1]).not.toHaveProperty('terms');
    expect(lines[2]?.terms).toMatchObject({
      billingInterval: 'month',
      firstAmount: 0,
      renewalAmount: 2999,
      trialOffer: true,
      trialDays: 14,
    });
  });
});
