import { describe, expect, it } from 'vitest';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import { issueInvoice, type PaidOrder } from './invoice';
import { sellerFor, sellerOnInvoice } from './seller';

const OFFER: OrderSnapshot['offer'] = {
  id: '1001',
  uuid: '5a1e0000-0000-4000-8000-0000000003e9',
  name: 'Vogue Digital',
  description: 'Vogue Digital: one year of unlimited access',
  billingInterval: 'year',
  trialOffer: false,
  trialDays: null,
  isPrintOffer: false,
  renewalAmount: 5000,
};

const paid = (overrides: Partial<PaidOrder> = {}): PaidOrder => ({
  transactionId: 'txn_1',
  subscriptionId: 'sub_1',
  livemode: true,
  kind: 'purchase',
  brandSlug: 'vogue',
  order: {
    offer: OFFER,
    lines: [{ offerId: '1001', name: 'Vogue Digital: one year of unlimited access', amount: 2500 }],
    taxRate: { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] },
    payment: { method: 'card', brand: 'visa', last4: '4242' },
  },
  customer: { firstName: 'Ada', lastName: 'Reader', email: 'ada@example.com', country: 'GB' },
  couponCode: 'WELCOME',
  currencyCode: 'GBP',
  subtotal: 3000,
  discount: 500,
  tax: 417,
  total: 2500,
  ...overrides,
});

describe('issueInvoice', () => {
  it('keeps what the invoice states: the lines by name and amount, the tax, the buyer as billed and how it was paid', () => {
    expect(issueInvoice(paid(), 'INV-2026-000042', '2026-11-26T10:00:00.000Z', null)).toEqual({
      number: 'INV-2026-000042',
      transactionId: 'txn_1',
      subscriptionId: 'sub_1',
      livemode: true,
      kind: 'purchase',
      issuedAt: '2026-11-26T10:00:00.000Z',
      brandSlug: 'vogue',
      offerName: 'Vogue Digital',
      seller: null,
      billedTo: { name: 'Ada Reader', email: 'ada@example.com', country: 'GB' },
      currencyCode: 'GBP',
      lines: [{ name: 'Vogue Digital: one year of unlimited access', amount: 2500 }],
      priceTerms: {
        currencyCode: 'GBP',
        billingInterval: 'year',
        firstAmount: 2500,
        renewalAmount: 5000,
        trialOffer: false,
        trialDays: null,
      },
      subtotal: 3000,
      discount: 500,
      couponCode: 'WELCOME',
      tax: 417,
      taxRate: { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] },
      // Kept before orders had tax lines: its one tax is the order's.
      taxLines: [{ kind: 'vat', rate: 0.2, amount: 417 }],
      total: 2500,
      payment: { method: 'card', brand: 'visa', last4: '4242' },
    });
  });

  it("keeps each tax as the order kept it: Quebec's GST and QST apart", () => {
    const taxLines = [
      { kind: 'gst' as const, rate: 0.05, amount: 125 },
      { kind: 'qst' as const, rate: 0.09975, amount: 249 },
    ];
    const quebec = paid({
      order: {
        ...paid().order,
        taxRate: { rate: 0.14975, inclusive: false, components: taxLines.map(({ kind, rate }) => ({ kind, rate })) },
        taxLines,
      },
      currencyCode: 'CAD',
      tax: 374,
      total: 2874,
    });
    expect(issueInvoice(quebec, 'INV-2026-000043', '2026-11-26T10:00:00.000Z', null)).toMatchObject({ tax: 374, taxLines });
  });

  it.each([
    ['a purchase states the price over time the line kept', 'purchase', { firstAmount: 0, renewalAmount: 5000, trialOffer: true }],
    ['a renewal states the renewal price alone', 'renewal', { firstAmount: 2500, renewalAmount: 2500, trialOffer: false }],
  ] as const)('%s', (_, kind, expected) => {
    const terms = {
      currencyCode: 'GBP',
      billingInterval: 'year',
      firstAmount: 0,
      renewalAmount: 5000,
      trialOffer: true,
      trialDays: 30,
    } as const;
    const order = { ...paid().order, lines: [{ offerId: '1001', name: 'Vogue Digital', amount: 2500, terms }] };
    const invoice = issueInvoice(paid({ kind, order }), 'INV-2026-000001', '2026-11-26T10:00:00.000Z', null);
    expect(invoice.priceTerms).toMatchObject(expected);
    expect(invoice.lines).toEqual([{ name: 'Vogue Digital', amount: 2500 }]);
  });

  it('states no price terms when no line is the offer’s', () => {
    const order = { ...paid().order, lines: [{ offerId: '9999', name: 'A gift', amount: 100 }] };
    expect(issueInvoice(paid({ order }), 'INV-2026-000001', '2026-11-26T10:00:00.000Z', null).priceTerms).toBeNull();
  });

  it('names its seller, and bills a print order to its whole address, with where it went', () => {
    const seller = sellerOnInvoice(sellerFor('newyorker', 'US')!);
    const print = paid({
      brandSlug: 'newyorker',
      order: { ...paid().order, offer: { ...OFFER, isPrintOffer: true } },
      customer: {
        firstName: 'Ada',
        lastName: 'Reader',
        email: 'ada@example.com',
        country: 'US',
        region: 'NY',
        address: { line1: '1 State St', city: 'Albany', postalCode: '12207' },
        deliveryAddress: { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701', country: 'US', region: 'TX' },
      },
    });
    const invoice = issueInvoice(print, 'US-2026-000001', '2026-12-03T10:00:00.000Z', seller);
    expect(invoice.seller).toEqual({
      id: 'demo-us',
      legalName: 'Demo Magazines US Inc.',
      address: { line1: '1 World Trade Center', city: 'New York', postalCode: '10007', country: 'US', region: 'NY' },
      taxNumber: { kind: 'ein', value: '12-3456789' },
    });
    expect(invoice.billedTo).toEqual({
      name: 'Ada Reader',
      email: 'ada@example.com',
      country: 'US',
      address: { line1: '1 State St', city: 'Albany', postalCode: '12207', country: 'US', region: 'NY' },
      deliveredTo: { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701', country: 'US', region: 'TX' },
    });
  });
});
