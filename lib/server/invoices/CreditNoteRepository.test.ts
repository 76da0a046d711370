import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { RefundRepository, type NewRefund } from '@/lib/server/refunds/RefundRepository';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { CreditNoteRepository } from './CreditNoteRepository';

const START = Date.parse('2026-11-26T10:00:00.000Z');
const at = (seconds: number) => new Date(START + seconds * 1000);

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const refund = (id: string, transactionId: string, amount: number): NewRefund => ({
  id,
  transactionId,
  amount,
  currencyCode: 'USD',
  livemode: false,
  reason: 'Duplicate purchase',
  idempotencyKey: `key-${id}`,
  requestedBy: 'operator:op_1',
});

async function paidPurchase(id: string): Promise<void> {
  const transactions = new TransactionRepository(db, () => at(0));
  await transactions.create(newTransactionFixture({ id }));
  await transactions.markSucceeded(id, `pi_${id}`);
}

/** Two refunds of one purchase, asked one after the other and made in the other order. */
async function twoRefundsMadeOutOfOrder(): Promise<void> {
  await paidPurchase('txn_1');
  const refunds = new RefundRepository(db);
  await refunds.reserve(refund('ref_a', 'txn_1', 500), at(1));
  await refunds.reserve(refund('ref_b', 'txn_1', 700), at(2));
  await refunds.succeed('ref_b', 're_b', at(3), () => null);
  await refunds.succeed('ref_a', 're_a', at(4), () => null);
}

describe('CreditNoteRepository', () => {
  it("issues a credit note with the refund made, under the number the refund carries, crediting the payment's invoice", async () => {
    await twoRefundsMadeOutOfOrder();
    expect((await new RefundRepository(db).findById('ref_b'))!.creditNoteNumber).toBe('CN-TEST-2026-000001');
    expect(await new CreditNoteRepository(db).findByNumber('CN-TEST-2026-000001')).toEqual({
      number: 'CN-TEST-2026-000001',
      refundId: 'ref_b',
      invoiceNumber: 'INV-TEST-2026-000001',
      livemode: false,
      issuedAt: at(3).toISOString(),
      currencyCode: 'USD',
      amount: 700,
      reason: 'Duplicate purchase',
    });
    expect(await new CreditNoteRepository(db).findByNumber('CN-TEST-2026-000003')).toBeNull();
  });

  it('lists the credit notes of an invoice in the order their refunds were asked for', async () => {
    await twoRefundsMadeOutOfOrder();
    await paidPurchase('txn_2');
    const notes = await new CreditNoteRepository(db).ofInvoice('INV-TEST-2026-000001');
    expect(notes.map((note) => [note.refundId, note.number, note.issuedAt])).toEqual([
      ['ref_a', 'CN-TEST-2026-000002', at(4).toISOString()],
      ['ref_b', 'CN-TEST-2026-000001', at(3).toISOString()],
    ]);
    expect(await new CreditNoteRepository(db).ofInvoice('INV-TEST-2026-000002')).toEqual([]);
  });

  it('issues none for a refund pending or refused, nor again for one settled twice', async () => {
    await paidPurchase('txn_1');
    const refunds = new RefundRepository(db);
    await refunds.reserve(refund('ref_pending', 'txn_1', 500), at(1));
    await refunds.reserve(refund('ref_refused', 'txn_1', 500), at(1));
    await refunds.fail('ref_refused', { code: 'refused', message: 'The provider refused it' }, null, at(2));
    expect(await db.selectFrom('credit_notes').selectAll().execute()).toEqual([]);
    await refunds.reserve(refund('ref_made', 'txn_1', 500), at(3));
    await refunds.succeed('ref_made', 're_made', at(4), () => null);
    expect(await refunds.succeed('ref_made', 're_made', at(5), () => null)).toBeNull();
    expect(await db.selectFrom('credit_notes').select('number').execute()).toEqual([{ number: 'CN-TEST-2026-000001' }]);
  });
});
