import { describe, expect, it } from 'vitest';
import type { CreditNote } from './creditNote';
import type { Invoice } from './invoice';
import { creditNotePage } from './creditNotePage';
import { invoiceLink, invoicePage } from './invoicePage';
import { exemptRate } from '@/lib/pricing/reverseCharge';
import { sellerFor, sellerOnInvoice } from './seller';
import { fallbackWords, inTimeZone } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { QUEBEC_TAX } from '@/tests/fixtures/taxRates';

const INVOICE: Invoice = {
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
  currencyCode: 'USD',
  lines: [{ name: 'Vogue Digital: one year', amount: 3000 }],
  priceTerms: { currencyCode: 'USD', billingInterval: 'year', firstAmount: 2500, renewalAmount: 5000, trialOffer: false, trialDays: null },
  subtotal: 3000,
  discount: 500,
  couponCode: 'WELCOME',
  tax: 417,
  taxRate: { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] },
  taxLines: [{ kind: 'vat', rate: 0.2, amount: 417 }],
  total: 2500,
  payment: { method: 'card', brand: 'visa', last4: '4242' },
};

const note = (number: string, amount: number, issuedAt: string): CreditNote => ({
  number,
  refundId: `ref_${number}`,
  invoiceNumber: INVOICE.number,
  livemode: true,
  issuedAt,
  currencyCode: 'USD',
  amount,
  reason: 'Duplicate purchase',
});

describe('invoicePage', () => {
  it('words the invoice as issued, in its currency', () => {
    expect(invoicePage(INVOICE, [], 'Vogue', fallbackWords())).toEqual({
      number: 'INV-2026-000042',
      transactionId: 'txn_1',
      date: 'November 26, 2026',
      brandName: 'Vogue',
      offerName: 'Vogue Digital',
      seller: null,
      billedTo: { name: 'Ada Reader', email: 'ada@example.com', country: 'United Kingdom', lines: ['United Kingdom'] },
      lines: [{ name: 'Vogue Digital: one year', amount: '$30.00' }],
      priceTerms: 'Vogue Digital: First year $25, then $50 a year.',
      discount: { label: 'Discount (WELCOME)', amount: '$5.00' },
      taxes: [{ label: 'VAT (20%)', amount: '$4.17 included' }],
      total: '$25.00',
      paymentMethod: 'Visa ending in 4242',
      livemode: true,
      refunds: [],
    });
  });

  it.each([
    [
      'no discount, tax added, no rate',
      {
        discount: 0,
        couponCode: null,
        tax: 0,
        taxRate: { rate: 0, inclusive: false, components: [{ kind: 'sales-tax', rate: 0 }] },
        taxLines: [{ kind: 'sales-tax', rate: 0, amount: 0 }],
      },
      null,
      [{ label: 'Tax', amount: '$0.00' }],
    ],
    [
      'a discount without a coupon',
      { discount: 500, couponCode: null },
      { label: 'Discount', amount: '$5.00' },
      [{ label: 'VAT (20%)', amount: '$4.17 included' }],
    ],
    [
      "Quebec's two taxes added, one row each",
      {
        discount: 0,
        couponCode: null,
        tax: 449,
        total: 3449,
        taxRate: QUEBEC_TAX,
        taxLines: [
          { kind: 'gst', rate: 0.05, amount: 150 },
          { kind: 'qst', rate: 0.09975, amount: 299 },
        ],
      },
      null,
      [
        { label: 'GST (5%)', amount: '$1.50' },
        { label: 'QST (9.975%)', amount: '$2.99' },
      ],
    ],
  ] as const)('%s', (_, overrides, discount, taxes) => {
    const page = invoicePage({ ...INVOICE, ...overrides, priceTerms: null } as Invoice, [], 'Vogue', fallbackWords());
    expect(page.discount).toEqual(discount);
    expect(page.taxes).toEqual(taxes);
    expect(page).not.toHaveProperty('priceTerms');
  });

  it('names its seller and writes the addresses as envelopes do, the countries in the reader’s language', () => {
    const seller = sellerOnInvoice(sellerFor('gq', 'DE')!);
    const berlin = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };
    const company = { name: 'Acme GmbH', vatNumber: 'DE123456789' };
    const invoice = { ...INVOICE, seller, billedTo: { ...INVOICE.billedTo, country: 'DE', company, address: berlin, deliveredTo: berlin } };
    expect(invoicePage(invoice, [], 'GQ', serverWords('de-DE'))).toMatchObject({
      seller: {
        name: 'Demo Magazines Deutschland GmbH',
        lines: ['Karlstraße 23', '80335 München', 'Deutschland'],
        taxNumber: 'USt-IdNr.: DE123456789',
      },
      billedTo: { company: 'Acme GmbH', vatNumber: 'USt-IdNr.: DE123456789', lines: ['Unter den Linden 1', '10117 Berlin', 'Deutschland'] },
      deliveredTo: ['Unter den Linden 1', '10117 Berlin', 'Deutschland'],
    });
    expect(
      invoicePage({ ...invoice, seller: sellerOnInvoice(sellerFor('newyorker', 'CA')!) }, [], 'The New Yorker', fallbackWords()).seller,
    ).toMatchObject({ taxNumber: 'GST/HST number: 123456789 RT0001' });
  });

  it('states the reverse charge on a renewal billed to a verified business of another member state: 0 VAT and why, in the reader’s language', () => {
    const seller = sellerOnInvoice(sellerFor('gq', 'DE')!);
    const company = { name: 'Acme GmbH', vatNumber: 'ATU12345678' };
    const taxRate = exemptRate(INVOICE.taxRate, 'reverse-charge');
    const invoice: Invoice = {
      ...INVOICE,
      kind: 'renewal',
      seller,
      currencyCode: 'EUR',
      billedTo: { ...INVOICE.billedTo, country: 'AT', company },
      lines: [{ name: 'GQ Digital', amount: 4167 }],
      subtotal: 4167,
      discount: 0,
      couponCode: null,
      tax: 0,
      taxRate,
      taxLines: [{ kind: 'vat', rate: 0, amount: 0 }],
      total: 4167,
    };
    expect(invoicePage(invoice, [], 'GQ', serverWords('de-DE'))).toMatchObject({
      billedTo: { company: 'Acme GmbH', vatNumber: 'USt-IdNr.: ATU12345678' },
      taxes: [{ label: 'MwSt. (0\u00a0%)', amount: '0,00\u00a0€' }],
      taxNote:
        'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge): Die Umsatzsteuer schuldet der Kunde (Artikel 196 der Richtlinie 2006/112/EG).',
      total: '41,67\u00a0€',
    });
    const goods = invoicePage({ ...invoice, taxRate: exemptRate(INVOICE.taxRate, 'intra-community-supply') }, [], 'GQ', fallbackWords());
    expect(goods.taxNote).toBe('Exempt intra-Community supply of goods (Article 138, Council Directive 2006/112/EC).');
    expect(invoicePage(INVOICE, [], 'Vogue', fallbackWords())).not.toHaveProperty('taxNote');
    // Its credit note carries the same mention, its 0 VAT not negative.
    const credit = creditNotePage(
      invoice,
      { ...note('DE-CN-2027-000001', 1000, '2027-12-01T10:00:00.000Z'), currencyCode: 'EUR' },
      'GQ',
      fallbackWords(),
    );
    expect(credit).toMatchObject({
      lines: [{ amount: '−€10.00' }],
      taxes: [{ label: 'VAT (0%)', amount: '€0.00' }],
      taxNote: 'Reverse charge: the customer accounts for the VAT (Article 196, Council Directive 2006/112/EC).',
      total: '−€10.00',
    });
  });

  it('lists its credit notes in the order given, and their sum', () => {
    const page = invoicePage(
      INVOICE,
      [note('CN-2026-000003', 1000, '2026-11-28T09:00:00.000Z'), note('CN-2026-000002', 500, '2026-11-27T09:00:00.000Z')],
      'Vogue',
      fallbackWords(),
    );
    expect(page.refunds).toEqual([
      { creditNoteNumber: 'CN-2026-000003', date: 'November 28, 2026', amount: '$10.00' },
      { creditNoteNumber: 'CN-2026-000002', date: 'November 27, 2026', amount: '$5.00' },
    ]);
    expect(page.refunded).toBe('$15.00');
  });
});

describe('invoicePage in the reader’s language', () => {
  it('words a German reader’s invoice: money, dates on their calendar, the tax and the country', () => {
    const euro = { ...INVOICE, currencyCode: 'EUR', priceTerms: { ...INVOICE.priceTerms!, currencyCode: 'EUR' } } as Invoice;
    const words = inTimeZone(serverWords('de-DE'), 'Europe/Berlin');
    const page = invoicePage(
      { ...euro, issuedAt: '2026-11-26T23:30:00.000Z' },
      [note('GS-1', 1000, '2026-11-28T09:00:00.000Z')],
      'GQ',
      words,
    );
    expect(page).toMatchObject({
      date: '27. November 2026',
      billedTo: { country: 'Vereinigtes Königreich' },
      lines: [{ amount: '30,00\u00a0€' }],
      discount: { label: 'Rabatt (WELCOME)', amount: '5,00\u00a0€' },
      taxes: [{ label: 'MwSt. (20\u00a0%)', amount: 'darin enthalten 4,17\u00a0€' }],
      total: '25,00\u00a0€',
      refunds: [{ creditNoteNumber: 'GS-1', date: '28. November 2026', amount: '10,00\u00a0€' }],
      refunded: '10,00\u00a0€',
    });
    expect(page.priceTerms).toMatch(/^Vogue Digital: Erstes Jahr 25\u00a0€, danach 50\u00a0€ pro Jahr\.$/);
  });

  it('names the country in French, and keeps a code no language names', () => {
    const words = serverWords('fr-FR');
    expect(invoicePage(INVOICE, [], 'Vogue', words).billedTo.country).toBe('Royaume-Uni');
    expect(invoicePage({ ...INVOICE, billedTo: { ...INVOICE.billedTo, country: 'not a code' } }, [], 'Vogue', words).billedTo.country).toBe(
      'not a code',
    );
  });
});

describe('invoiceLink', () => {
  it('links the invoice by its transaction, with what was refunded of it when anything was', () => {
    expect(invoiceLink(INVOICE, undefined)).toEqual({
      transactionId: 'txn_1',
      number: 'INV-2026-000042',
      issuedAt: INVOICE.issuedAt,
      total: 2500,
      currencyCode: 'USD',
    });
    expect(invoiceLink(INVOICE, 1000)).toMatchObject({ refunded: 1000 });
  });
});
