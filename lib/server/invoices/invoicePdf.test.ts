import { describe, expect, it } from 'vitest';
import type { Invoice } from '@/lib/invoices/invoice';
import { invoicePage } from '@/lib/invoices/invoicePage';
import { exemptRate } from '@/lib/pricing/reverseCharge';
import { sellerFor, sellerOnInvoice } from '@/lib/invoices/seller';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { pdfText } from '@/tests/fixtures/pdfText';
import { invoicePdf, invoicePdfName } from './invoicePdf';

const berlin = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };
const INVOICE: Invoice = {
  number: 'DE-2026-000042',
  transactionId: 'txn_1',
  subscriptionId: 'sub_1',
  livemode: true,
  kind: 'purchase',
  issuedAt: '2026-12-03T10:00:00.000Z',
  brandSlug: 'gq',
  offerName: 'GQ Digital',
  seller: sellerOnInvoice(sellerFor('gq', 'DE')!),
  billedTo: {
    name: 'Ada Reader',
    email: 'ada@example.com',
    country: 'DE',
    company: { name: 'Acme GmbH', vatNumber: 'DE123456789' },
    address: berlin,
  },
  currencyCode: 'EUR',
  lines: [{ name: 'GQ Digital: ein Jahr', amount: 4900 }],
  priceTerms: null,
  subtotal: 4900,
  discount: 0,
  couponCode: null,
  tax: 321,
  taxRate: { rate: 0.07, inclusive: true, components: [{ kind: 'vat', rate: 0.07 }] },
  taxLines: [{ kind: 'vat', rate: 0.07, amount: 321 }],
  total: 4900,
  payment: { method: 'card', brand: 'visa', last4: '4242' },
};

describe('invoicePdf', () => {
  it('writes the invoice a business files, in its language: number, date, seller, buyer, VAT number, tax and total', async () => {
    const words = serverWords('de-DE');
    const pdf = await invoicePdf(invoicePage(INVOICE, [], 'GQ', words), words);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [page, ...more] = await pdfText(pdf);
    expect(more).toEqual([]);
    // The PDF's text has plain spaces where the words have no-break ones ("3,21 €").
    const text = page!.join('\n').replace(/\u00a0/g, ' ');
    for (const expected of [
      'Rechnung DE-2026-000042',
      '3. Dezember 2026',
      'Demo Magazines Deutschland GmbH',
      'Karlstraße 23',
      '80335 München',
      'USt-IdNr.: DE123456789',
      'Acme GmbH',
      'Unter den Linden 1',
      '10117 Berlin',
      'Deutschland',
      'ada@example.com',
      'GQ Digital: ein Jahr',
      'MwSt. (7 %)',
      'darin enthalten 3,21 €',
      '49,00 €',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The seller's own VAT number is named once as the seller's, the buyer's once as the buyer's.
    expect(page!.filter((run) => run.includes('USt-IdNr.: DE123456789'))).toHaveLength(2);
  });

  it('states the reverse charge of a renewal billed to a verified business of another member state', async () => {
    const words = serverWords('en-US');
    const renewal: Invoice = {
      ...INVOICE,
      kind: 'renewal',
      billedTo: { ...INVOICE.billedTo, country: 'AT', company: { name: 'Acme GmbH', vatNumber: 'ATU12345678' }, address: undefined },
      lines: [{ name: 'GQ Digital', amount: 4579 }],
      subtotal: 4579,
      tax: 0,
      taxRate: exemptRate(INVOICE.taxRate, 'reverse-charge'),
      taxLines: [{ kind: 'vat', rate: 0, amount: 0 }],
      total: 4579,
    };
    const text = (await pdfText(await invoicePdf(invoicePage(renewal, [], 'GQ', words), words)))[0]!.join('\n');
    for (const expected of [
      'VAT number: ATU12345678',
      'VAT (0%)',
      '€0.00',
      '€45.79',
      'Reverse charge: the customer accounts for the VAT',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('says a test invoice is one, and is saved under its number', async () => {
    const words = serverWords('en-US');
    const pdf = await invoicePdf(invoicePage({ ...INVOICE, livemode: false, number: 'DE-TEST-2026-000001' }, [], 'GQ', words), words);
    expect((await pdfText(pdf))[0]).toContain('(test mode: no real payment)');
    expect(invoicePdfName('DE-TEST-2026-000001')).toBe('DE-TEST-2026-000001.pdf');
  });
});
