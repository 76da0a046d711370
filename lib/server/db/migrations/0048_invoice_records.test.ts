import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { RefundRepository } from '@/lib/server/refunds/RefundRepository';
import { boughtAndRenewed } from '@/tests/fixtures/invoiceRecords';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { down, up } from './0048_invoice_records';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

type Untyped = Kysely<Record<string, Record<string, unknown>>>;
const PAID_AT = new Date('2026-11-26T10:00:00.000Z');
const tableNames = async () => (await db.introspection.getTables()).map((table) => table.name);

/** A purchase, bought at PAID_AT, as the checkout records it: its subscription's id. */
async function paidPurchase(id: string): Promise<string> {
  const transactions = new TransactionRepository(db, () => PAID_AT);
  await transactions.create(newTransactionFixture({ id }));
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

/** Two purchases renewed once each, and a refund made of a third purchase, all issued as the product issues them. */
async function paidRenewedAndRefunded(): Promise<void> {
  await boughtAndRenewed(db, 2);
  await paidPurchase('txn_refunded');
  const refunds = new RefundRepository(db);
  await refunds.reserve(
    {
      id: 'ref_1',
      transactionId: 'txn_refunded',
      amount: 900,
      currencyCode: 'USD',
      livemode: false,
      reason: 'Goodwill',
      idempotencyKey: 'key-1',
      requestedBy: 'operator:op_1',
    },
    PAID_AT,
  );
  await refunds.succeed('ref_1', 're_1', new Date(PAID_AT.getTime() + 60_000), () => null);
}

describe('0048_invoice_records', () => {
  it('backfills each numbered transaction and refund as the records they would have been issued as, every number kept', async () => {
    await paidRenewedAndRefunded();
    const invoices = await db.selectFrom('invoices').selectAll().orderBy('number').execute();
    const creditNotes = await db.selectFrom('credit_notes').selectAll().execute();
    expect(invoices.map((row) => row.kind).sort()).toEqual(['purchase', 'purchase', 'purchase', 'renewal', 'renewal']);
    const refunded = invoices.find((row) => row.transaction_id === 'txn_refunded')!;
    expect(creditNotes.map((row) => [row.number, row.invoice_number, row.amount])).toEqual([['CN-TEST-2026-000001', refunded.number, 900]]);
    await down(db as Kysely<unknown>);
    await up(db as Kysely<unknown>);
    // As issued but for 0049's tax lines and 0054's seller, which this table does not have yet.
    const withoutTaxLines = invoices.map(({ tax_lines_json: _added0049, seller_json: _added0054, ...invoice }) => invoice);
    expect(await db.selectFrom('invoices').selectAll().orderBy('number').execute()).toEqual(withoutTaxLines);
    expect(await db.selectFrom('credit_notes').selectAll().execute()).toEqual(creditNotes);
  });

  it("backfills an invoice from its transaction's lines and totals as they were kept", async () => {
    const transactionId = 'txn_1';
    const subscriptionId = await paidPurchase(transactionId);
    await down(db as Kysely<unknown>);
    const order = {
      offer: { id: '1001', name: 'Vogue Digital', billingInterval: 'year', trialOffer: false, trialDays: null, renewalAmount: 5000 },
      lines: [
        { offerId: '1001', name: 'Vogue Digital: one year', amount: 2500 },
        { offerId: 'gift', name: 'Tote bag', amount: 500 },
      ],
      taxRate: { rate: 0.2, inclusive: true, label: 'VAT' },
      payment: { method: 'paypal' },
    };
    await (db as Kysely<unknown> as Untyped)
      .updateTable('transactions')
      .set({ order_json: JSON.stringify(order), coupon_code: 'WELCOME', subtotal: 3500, discount: 500, tax: 500, total: 3000 })
      .where('id', '=', transactionId)
      .execute();
    await up(db as Kysely<unknown>);
    const row = await db.selectFrom('invoices').selectAll().where('transaction_id', '=', transactionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      number: 'INV-TEST-2026-000001',
      subscription_id: subscriptionId,
      offer_name: 'Vogue Digital',
      subtotal: 3500,
      discount: 500,
      coupon_code: 'WELCOME',
      tax: 500,
      total: 3000,
    });
    expect(JSON.parse(row.lines_json)).toEqual([
      { name: 'Vogue Digital: one year', amount: 2500 },
      { name: 'Tote bag', amount: 500 },
    ]);
    // Kept before tax rates had kinds: its English label is read as its kind.
    expect(JSON.parse(row.tax_rate_json)).toEqual({ rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] });
    expect(JSON.parse(row.payment_json)).toEqual({ method: 'paypal' });
    expect(JSON.parse(row.price_terms_json!)).toMatchObject({ firstAmount: 2500, renewalAmount: 5000 });
  });

  it('drops both tables, and the transactions and refunds keep their numbers', async () => {
    await paidRenewedAndRefunded();
    await down(db as Kysely<unknown>);
    expect(await tableNames()).not.toContain('invoices');
    expect(await tableNames()).not.toContain('credit_notes');
    const numbered = await db.selectFrom('transactions').select('invoice_number').where('invoice_number', 'is not', null).execute();
    expect(numbered).toHaveLength(5);
    expect(await db.selectFrom('refunds').select('credit_note_number').execute()).toEqual([{ credit_note_number: 'CN-TEST-2026-000001' }]);
  });
});
