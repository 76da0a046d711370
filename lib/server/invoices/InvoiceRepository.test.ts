import type { Kysely } from 'kysely';
import { sellerById, sellerOnInvoice } from '@/lib/invoices/seller';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { boughtAndRenewed } from '@/tests/fixtures/invoiceRecords';
import { testDb } from '@/tests/fixtures/testDb';
import { ORDERED_OFFERS, newTransactionFixture } from '@/tests/fixtures/transactions';
import { InvoiceRepository } from './InvoiceRepository';

const PAID_AT = new Date('2026-11-26T10:00:00.000Z');

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

/** A purchase of Vogue Digital with a coupon and VAT included, paid with the card the gateway names. */
async function paidPurchase(id: string, email = 'ada@example.com'): Promise<void> {
  const transactions = new TransactionRepository(db, () => PAID_AT);
  const fixture = newTransactionFixture({ id, couponCode: null, subtotal: 3000, discount: 500, tax: 417, total: 2500 });
  await transactions.create({
    ...fixture,
    customer: { ...fixture.customer, email },
    order: {
      ...fixture.order,
      lines: [{ offerId: ORDERED_OFFERS.vogueDigital.id, name: 'Vogue Digital: one year', amount: 3000 }],
      taxRate: { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] },
      payment: { method: 'card', brand: 'card', last4: '' },
    },
  });
  await transactions.markSucceeded(id, `pi_${id}`, null, undefined, { brand: 'visa', last4: '4242', wallet: null });
}

describe('InvoiceRepository', () => {
  it("issues a purchase's invoice with the payment, under the number its transaction carries, as the order was paid", async () => {
    await paidPurchase('txn_1');
    const transaction = (await new TransactionRepository(db).findById('txn_1'))!;
    const invoice = await new InvoiceRepository(db).findByTransaction('txn_1');
    expect(invoice).toEqual({
      number: 'INV-TEST-2026-000001',
      transactionId: 'txn_1',
      subscriptionId: transaction.subscriptionId,
      livemode: false,
      kind: 'purchase',
      issuedAt: PAID_AT.toISOString(),
      brandSlug: 'vogue',
      offerName: 'Vogue Digital',
      // Vogue in the US (the order's locale, en-US) is sold by the demo's US seller: numbered in the global series before its first day.
      seller: sellerOnInvoice(sellerById('demo-us')!),
      billedTo: { name: 'Ada Reader', email: 'ada@example.com', country: 'GB' },
      currencyCode: 'USD',
      lines: [{ name: 'Vogue Digital: one year', amount: 3000 }],
      priceTerms: {
        currencyCode: 'USD',
        billingInterval: 'year',
        firstAmount: 3000,
        renewalAmount: 5000,
        trialOffer: false,
        trialDays: null,
      },
      subtotal: 3000,
      discount: 500,
      couponCode: null,
      tax: 417,
      taxRate: { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] },
      taxLines: [{ kind: 'vat', rate: 0.2, amount: 417 }],
      total: 2500,
      // The card the gateway charged, not the one the submit could not name.
      payment: { method: 'card', brand: 'visa', last4: '4242' },
    });
    expect(transaction.invoiceNumber).toBe('INV-TEST-2026-000001');
    expect(transaction.updatedAt).toBe(invoice!.issuedAt);
    expect(await new InvoiceRepository(db).findByNumber('INV-TEST-2026-000001')).toEqual(invoice);
    expect(await new InvoiceRepository(db).findByNumber('INV-TEST-2026-000002')).toBeNull();
    expect(await new InvoiceRepository(db).findByTransaction('txn_2')).toBeNull();
  });

  it("keeps Quebec's GST and QST apart on the invoice, as the order kept them", async () => {
    const taxLines = [
      { kind: 'gst' as const, rate: 0.05, amount: 125 },
      { kind: 'qst' as const, rate: 0.09975, amount: 249 },
    ];
    const fixture = newTransactionFixture({ id: 'txn_qc', subtotal: 2500, discount: 0, tax: 374, total: 2874 });
    const transactions = new TransactionRepository(db, () => PAID_AT);
    await transactions.create({
      ...fixture,
      order: {
        ...fixture.order,
        taxRate: { rate: 0.14975, inclusive: false, components: taxLines.map(({ kind, rate }) => ({ kind, rate })) },
        taxLines,
      },
    });
    await transactions.markSucceeded('txn_qc', 'pi_txn_qc');
    expect(await new InvoiceRepository(db).findByTransaction('txn_qc')).toMatchObject({ tax: 374, taxLines });
  });

  it('reads an order and an invoice kept before tax kinds, their English label read as their kind', async () => {
    await paidPurchase('txn_old');
    const labelled = { rate: 0.2, inclusive: true, label: 'VAT' };
    const order = JSON.parse(
      (await db.selectFrom('transactions').select('order_json').where('id', '=', 'txn_old').executeTakeFirstOrThrow()).order_json,
    );
    const { taxLines: _notKeptThen, ...orderThen } = { ...order, taxRate: labelled };
    await db
      .updateTable('transactions')
      .set({ order_json: JSON.stringify(orderThen) })
      .where('id', '=', 'txn_old')
      .execute();
    await db
      .updateTable('invoices')
      .set({ tax_rate_json: JSON.stringify(labelled), tax_lines_json: null })
      .where('transaction_id', '=', 'txn_old')
      .execute();
    const vat = { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] };
    const transaction = (await new TransactionRepository(db).findById('txn_old'))!;
    expect(transaction.order.taxRate).toEqual(vat);
    expect(transaction.order.taxLines).toBeUndefined();
    expect(await new InvoiceRepository(db).findByTransaction('txn_old')).toMatchObject({
      taxRate: vat,
      taxLines: [{ kind: 'vat', rate: 0.2, amount: 417 }],
    });
  });

  it('issues one invoice however often the payment is reported', async () => {
    await paidPurchase('txn_1');
    await new TransactionRepository(db, () => PAID_AT).markSucceeded('txn_1', 'pi_txn_1');
    expect(await db.selectFrom('invoices').select('number').execute()).toEqual([{ number: 'INV-TEST-2026-000001' }]);
  });

  it("issues each renewal's invoice with its payment, and lists a subscription's invoices oldest first", async () => {
    const [first, second] = await boughtAndRenewed(db, 2);
    const invoices = new InvoiceRepository(db);
    const listed = await invoices.ofSubscriptions([first!]);
    expect(listed.map((invoice) => [invoice.kind, invoice.subscriptionId])).toEqual([
      ['purchase', first],
      ['renewal', first],
    ]);
    const renewal = (await new TransactionRepository(db).findById(listed[1]!.transactionId))!;
    expect(renewal).toMatchObject({ kind: 'renewal', status: 'succeeded', invoiceNumber: listed[1]!.number });
    expect(listed[1]).toMatchObject({
      issuedAt: renewal.updatedAt,
      subtotal: renewal.subtotal,
      tax: renewal.tax,
      total: renewal.total,
      lines: renewal.order.lines.map(({ name, amount }) => ({ name, amount })),
      priceTerms: { firstAmount: renewal.total, renewalAmount: renewal.total, trialOffer: false },
    });
    const both = await invoices.ofSubscriptions([second!, first!]);
    expect(both.map((invoice) => invoice.kind)).toEqual(['purchase', 'purchase', 'renewal', 'renewal']);
    expect(await invoices.ofSubscriptions([])).toEqual([]);
  });

  it("keeps the records' numbers the transactions' and the sequence's, distinct and gap-free", async () => {
    await boughtAndRenewed(db, 5);
    const records = (await db.selectFrom('invoices').select('number').execute()).map((row) => row.number).sort();
    const numbered = await db.selectFrom('transactions').select('invoice_number').where('invoice_number', 'is not', null).execute();
    expect(numbered.map((row) => row.invoice_number).sort()).toEqual(records);
    const sequences = await db.selectFrom('invoice_sequences').selectAll().execute();
    // A seller's series (seller:<id>:invoice:test-<year>) or the global one (test-<year>).
    const prefixOf = (scope: string) => {
      const [, id, year] = /^(?:seller:([a-z0-9-]+):invoice:)?test-(\d{4})$/.exec(scope)!;
      return `${id ? sellerById(id)!.invoicePrefix : 'INV'}-TEST-${year}-`;
    };
    const ofScope = (scope: string) => records.filter((number) => number.startsWith(prefixOf(scope)));
    for (const { scope, last_number } of sequences) {
      expect(ofScope(scope).map((number) => Number(number.slice(-6)))).toEqual(Array.from({ length: last_number }, (_, i) => i + 1));
    }
    expect(sequences.reduce((sum, row) => sum + row.last_number, 0)).toBe(10);
  });
});
