import { describe, expect, it } from 'vitest';
import { buildQuote, type QuoteInput } from './quote';
import { NO_TAX, type TaxRate } from './tax';
import { QUEBEC_TAX } from '@/tests/fixtures/taxRates';

const plan = { id: '2002', name: 'Print + Digital', totalAmount: 20000, discountedAmount: 14900, trialOffer: false };
const tote = { id: '2101', name: 'Tote', totalAmount: 2500, discountedAmount: null, trialOffer: false };
const trial = { id: '3001', name: 'Trial', totalAmount: 2999, discountedAmount: null, trialOffer: true };
const salesTax: TaxRate = { rate: 0.065, inclusive: false, components: [{ kind: 'sales-tax', rate: 0.065 }] };
const vat: TaxRate = { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] };
const ontario: TaxRate = { rate: 0.13, inclusive: false, components: [{ kind: 'hst', rate: 0.13 }] };
const alberta: TaxRate = { rate: 0.05, inclusive: false, components: [{ kind: 'gst', rate: 0.05 }] };
const quebec = QUEBEC_TAX;

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
    ['Ontario HST added', { taxRate: ontario }, { subtotal: 14900, discount: 0, tax: 1937, total: 16837 }],
    ['Alberta, the GST alone', { taxRate: alberta }, { subtotal: 14900, discount: 0, tax: 745, total: 15645 }],
    // GST 745 + QST 1486.28, each rounded on the net price.
    ['Quebec GST and QST added', { taxRate: quebec }, { subtotal: 14900, discount: 0, tax: 2231, total: 17131 }],
    [
      '20 % off then Quebec GST and QST',
      { coupon: { percent_off: 20 }, taxRate: quebec },
      // 11920 net: GST 596, QST 1189.02.
      { subtotal: 14900, discount: 2980, tax: 1785, total: 13705 },
    ],
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
    expect(result.taxLines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.tax);
    expect(result.taxLines.every((line) => Number.isInteger(line.amount))).toBe(true);
  });

  it("states Quebec's GST and QST as two lines, each rounded in whole cents", () => {
    expect(quote({ taxRate: quebec }).taxLines).toEqual([
      { kind: 'gst', rate: 0.05, amount: 745 },
      { kind: 'qst', rate: 0.09975, amount: 1486 },
    ]);
  });

  it('states one line for one tax: HST in Ontario, the included VAT as it always was', () => {
    expect(quote({ taxRate: ontario }).taxLines).toEqual([{ kind: 'hst', rate: 0.13, amount: 1937 }]);
    expect(quote({ taxRate: vat }).taxLines).toEqual([{ kind: 'vat', rate: 0.2, amount: 2483 }]);
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
