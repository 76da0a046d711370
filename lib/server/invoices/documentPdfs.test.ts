import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { RefundRepository } from '@/lib/server/refunds/RefundRepository';
import { pdfText } from '@/tests/fixtures/pdfText';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { documentPdfRenderer } from './documentPdfs';

const START = Date.parse('2026-12-03T10:00:00.000Z');
const at = (seconds: number) => new Date(START + seconds * 1000);

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

// No campaign names the brand here: the documents name it by its slug.
const catalogue = { get: async () => ({ flowsByPath: new Map() }) as unknown as CatalogueSnapshot };

/** A German buyer's €25.00 order, VAT of 19 % included, paid and invoiced; then €10.00 of it refunded. */
async function paidThenRefunded(): Promise<{ invoiceNumber: string; creditNoteNumber: string }> {
  const transactions = new TransactionRepository(db, () => at(0));
  const base = newTransactionFixture({ id: 'txn_de' });
  await transactions.create({
    ...base,
    currencyCode: 'EUR',
    tax: 399,
    order: { ...base.order, taxRate: { rate: 0.19, inclusive: true, components: [{ kind: 'vat', rate: 0.19 }] } },
    customer: { ...base.customer, country: 'DE' },
  });
  await transactions.markSucceeded('txn_de', 'pi_de');
  const refunds = new RefundRepository(db);
  await refunds.reserve(
    {
      id: 'ref_de',
      transactionId: 'txn_de',
      amount: 1000,
      currencyCode: 'EUR',
      livemode: false,
      reason: 'Late delivery',
      idempotencyKey: 'key-de',
      requestedBy: 'operator:op_1',
    },
    at(1),
  );
  await refunds.succeed('ref_de', 're_de', at(2), () => null);
  const invoiceNumber = (await transactions.findById('txn_de'))!.invoiceNumber!;
  return { invoiceNumber, creditNoteNumber: (await refunds.findById('ref_de'))!.creditNoteNumber! };
}

describe('documentPdfRenderer', () => {
  it('renders the invoice a receipt carries, from the invoice as issued', async () => {
    const { invoiceNumber } = await paidThenRefunded();
    const file = await documentPdfRenderer({ db, clock: () => at(3), catalogue })({ kind: 'invoice', number: invoiceNumber });
    expect(file).toMatchObject({ fileName: `${invoiceNumber}.pdf`, contentType: 'application/pdf' });
    const text = (await pdfText(file.content)).flat().join('\n');
    expect(text).toContain(`Invoice ${invoiceNumber}`);
    expect(text).toContain('€25.00');
  });

  it('renders a credit note: what it credits, the amount given back and the VAT in it, negative', async () => {
    const { invoiceNumber, creditNoteNumber } = await paidThenRefunded();
    const file = await documentPdfRenderer({ db, clock: () => at(3), catalogue })({ kind: 'credit-note', number: creditNoteNumber });
    expect(file.fileName).toBe(`${creditNoteNumber}.pdf`);
    const text = (await pdfText(file.content)).flat();
    expect(text).toEqual(
      expect.arrayContaining([
        `Credit note ${creditNoteNumber}`,
        'Credits invoice',
        `${invoiceNumber} of December 3, 2026`,
        'Refund: Vogue Digital',
        // The built-in font has no minus sign: a hyphen stands for it.
        '-€10.00',
        // 19 % VAT in a €25.00 total is €3.99; in €10.00 of it, €1.60.
        '-€1.60 included',
        'Total credited',
        'Refunded to',
      ]),
    );
  });

  it('refuses a number that names no document: the mail waits rather than go without it', async () => {
    const render = documentPdfRenderer({ db, clock: () => at(3), catalogue });
    await expect(render({ kind: 'invoice', number: 'US-2026-999999' })).rejects.toThrow('no invoice US-2026-999999 to attach');
    await expect(render({ kind: 'credit-note', number: 'CN-2026-999999' })).rejects.toThrow('no credit note CN-2026-999999 to attach');
  });
});
