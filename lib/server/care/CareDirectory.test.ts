import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { appendHistoryEvent } from '@/lib/server/subscriptions/SubscriptionStore';
import { CareDirectory } from './CareDirectory';

const NOW = new Date('2026-11-27T10:00:00.000Z');
let db: Kysely<Database>;
let n = 0;

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

/** A paid Vogue Digital order bought with `billing` (signed in as `owner`, if given): its subscription id and invoice. */
async function bought(billing: string, owner: string | null = null) {
  const transactions = new TransactionRepository(db, () => NOW);
  const id = `txn_dir_${(n += 1)}`;
  const base = newTransactionFixture({ id, gateway: 'sandbox' });
  await transactions.create({ ...base, buyerIdentity: owner, customer: { ...base.customer, email: billing } });
  await transactions.markSucceeded(id, `pay_${id}`);
  const paid = (await transactions.findById(id))!;
  return { subscriptionId: paid.subscriptionId!, transactionId: id, invoiceNumber: paid.invoiceNumber! };
}

describe('CareDirectory.search', () => {
  it('finds subscriptions by the billing or the owner’s address, in any case, the whole address only', async () => {
    const a = await bought('Reader@Example.com');
    const b = await bought('other@example.com', 'reader@example.com');
    await bought('someone@example.com');
    const directory = new CareDirectory(db, () => NOW);
    const hits = await directory.search('  READER@example.COM ');
    expect(hits.map((h) => h.subscriptionId).sort()).toEqual([a.subscriptionId, b.subscriptionId].sort());
    expect(hits.every((h) => h.matchedBy === 'email' && h.status === 'active')).toBe(true);
    expect(await directory.search('reader@example')).toEqual([]);
    expect(await directory.search('example.com')).toEqual([]);
  });

  it('finds the subscription of an invoice number, in any case', async () => {
    const { subscriptionId, invoiceNumber } = await bought('inv@example.com');
    const directory = new CareDirectory(db, () => NOW);
    expect(invoiceNumber).toMatch(/^INV-TEST-/);
    expect(await directory.search(invoiceNumber.toLowerCase())).toMatchObject([{ subscriptionId, matchedBy: 'invoice' }]);
  });

  it('answers nothing for an unknown address or number, or an empty query', async () => {
    await bought('known@example.com');
    const directory = new CareDirectory(db, () => NOW);
    expect(await directory.search('unknown@example.com')).toEqual([]);
    expect(await directory.search('INV-TEST-2099-999999')).toEqual([]);
    expect(await directory.search('   ')).toEqual([]);
  });
});

describe('CareDirectory.customer', () => {
  it('shows the subscription, its payments, the customer’s other subscriptions and a chronological history', async () => {
    const first = await bought('hist@example.com');
    const second = await bought('HIST@example.com');
    // What care did, as its actions append it to the subscription's history (careActions.ts).
    await appendHistoryEvent(
      db,
      first.subscriptionId,
      { event: 'care_action', actor: { kind: 'care', id: 'op_1' } },
      { action: 'subscription.cancelled', target: `subscription:${first.subscriptionId}`, by: 'operator:care@example.com' },
    );
    const view = (await new CareDirectory(db, () => NOW).customer(first.subscriptionId))!;
    expect(view.subscription).toMatchObject({
      id: first.subscriptionId,
      billingEmail: 'hist@example.com',
      paymentMethod: 'Visa ending in 4242',
    });
    expect(view.others.map((o) => o.subscriptionId)).toEqual([second.subscriptionId]);
    expect(view.transactions).toMatchObject([{ id: first.transactionId, total: 2500, refunded: 0, refundable: 2500, refunds: [] }]);
    expect(view.events.map((e) => e.kind)).toEqual(['subscription', 'payment', 'operator']);
    expect(view.events.at(-1)?.text).toBe(`operator:care@example.com: subscription.cancelled on subscription:${first.subscriptionId}.`);
    expect(await new CareDirectory(db).customer('sub_aaaaaaaaaaaaaaaa')).toBeNull();
  });
});
