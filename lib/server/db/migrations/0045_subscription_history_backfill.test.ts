import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { historyOf } from '@/lib/server/subscriptions/subscriptionHistory';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { down, up } from './0045_subscription_history_backfill';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const PAID_AT = new Date('2026-01-10T09:00:00.000Z');

/** A subscription as one bought before its history was kept: its records, and no history. */
async function boughtBefore(id: string, email: string): Promise<string> {
  const transactions = new TransactionRepository(db, () => PAID_AT);
  await transactions.create(newTransactionFixture({ id, buyerIdentity: email }));
  await transactions.markSucceeded(id, `pi_${id}`);
  const subscriptionId = (await transactions.findById(id))!.subscriptionId!;
  await db.deleteFrom('subscription_history').where('subscription_id', '=', subscriptionId).execute();
  return subscriptionId;
}

/** A renewal transaction of it, copied from its purchase. */
async function renewal(purchaseId: string, subscriptionId: string, id: string, at: { created: string; updated: string }, outcome: object) {
  const purchase = await db.selectFrom('transactions').selectAll().where('id', '=', purchaseId).executeTakeFirstOrThrow();
  await db
    .insertInto('transactions')
    .values({
      ...purchase,
      id,
      receipt_token_hash: `hash_${id}`,
      subscription_id: null,
      invoice_number: null,
      kind: 'renewal',
      renewal_of: subscriptionId,
      created_at: at.created,
      updated_at: at.updated,
      ...outcome,
    })
    .execute();
}

describe('0045_subscription_history_backfill', () => {
  it("rebuilds each older subscription's history from its records, in order, marked reconstructed, once", async () => {
    const id = await boughtBefore('txn_1', 'ada@example.com');
    await renewal(
      'txn_1',
      id,
      'txn_r1',
      { created: '2027-01-10T09:00:00.000Z', updated: '2027-01-10T09:00:01.000Z' },
      {
        status: 'succeeded',
        period_start: '2027-01-10T09:00:00.000Z',
        period_end: '2028-01-10T09:00:00.000Z',
      },
    );
    // Recovered: failed first (its code kept), paid three days later.
    await renewal(
      'txn_1',
      id,
      'txn_r2',
      { created: '2028-01-10T09:00:00.000Z', updated: '2028-01-13T09:00:00.000Z' },
      {
        status: 'succeeded',
        failure_code: 'generic_decline',
        period_start: '2028-01-10T09:00:00.000Z',
        period_end: '2029-01-10T09:00:00.000Z',
      },
    );
    await db
      .insertInto('subscription_notices')
      .values({
        id: 'ntc_1',
        subscription_id: id,
        kind: 'yearly-reminder',
        about: '2027-01-10T09:00:00.000Z',
        due_at: '2026-12-27T09:00:00.000Z',
        sent_at: '2026-12-27T09:00:00.000Z',
        mail_id: null,
        content_json: '{}',
      })
      .execute();
    await db
      .insertInto('audit_log')
      .values({
        at: '2028-06-01T10:00:00.000Z',
        operator_id: 'op_7',
        actor: 'operator:care@example.com',
        action: 'care.cancel',
        target: `subscription:${id}`,
        before_json: null,
        after_json: null,
        client: null,
      })
      .execute();
    await db
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: 1, cancel_requested_at: '2028-06-01T10:00:00.000Z', cancel_reason: 'moving', cancel_channel: 'care' })
      .where('id', '=', id)
      .execute();
    const other = await boughtBefore('txn_2', 'grace@example.com');
    await db
      .updateTable('subscriptions')
      .set({
        status: 'ended',
        ended_at: '2026-01-12T09:00:00.000Z',
        end_reason: 'withdrawn',
        cancel_at_period_end: 1,
        cancel_requested_at: '2026-01-12T09:00:00.000Z',
      })
      .where('id', '=', other)
      .execute();
    // One whose history is kept already is left as it is.
    const kept = await boughtBefore('txn_3', 'kept@example.com');
    await db
      .insertInto('subscription_history')
      .values({
        id: 'shi_kept',
        subscription_id: kept,
        version: 0,
        at: PAID_AT.toISOString(),
        clock_at: PAID_AT.toISOString(),
        event: 'purchased',
        actor_kind: 'buyer',
        actor_id: null,
        before_json: '{}',
        after_json: '{}',
        created_at: PAID_AT.toISOString(),
      })
      .execute();

    await up(db as Kysely<unknown>);
    const history = await historyOf(db, id);
    expect(history.map((entry) => [entry.at, entry.event, entry.actor.kind, entry.actor.id])).toEqual([
      [PAID_AT.toISOString(), 'purchased', 'buyer', null],
      ['2026-12-27T09:00:00.000Z', 'notice_sent', 'system', null],
      ['2027-01-10T09:00:01.000Z', 'renewal_paid', 'system', null],
      ['2028-01-10T09:00:00.000Z', 'renewal_failed', 'system', null],
      ['2028-01-13T09:00:00.000Z', 'renewal_paid', 'system', null],
      ['2028-06-01T10:00:00.000Z', 'care_action', 'care', 'op_7'],
      ['2028-06-01T10:00:00.000Z', 'cancel_requested', 'care', null],
    ]);
    expect(history.every((entry) => entry.reconstructed && entry.version === null)).toBe(true);
    expect(history[4]!.after).toEqual({
      status: 'active',
      current_period_start: '2028-01-10T09:00:00.000Z',
      current_period_end: '2029-01-10T09:00:00.000Z',
    });
    expect(history[6]!.after).toEqual({ cancel_at_period_end: 1, cancel_reason: 'moving', cancel_channel: 'care' });
    // Ended at once: its end says it, not a cancel of its own.
    expect((await historyOf(db, other)).map((entry) => [entry.event, entry.actor.kind])).toEqual([
      ['purchased', 'buyer'],
      ['ended', 'buyer'],
    ]);
    expect((await historyOf(db, kept)).map((entry) => entry.id)).toEqual(['shi_kept']);

    // Run again: each has a history now, nothing is added.
    await up(db as Kysely<unknown>);
    expect(await historyOf(db, id)).toHaveLength(7);

    await down(db as Kysely<unknown>);
    expect(await historyOf(db, id)).toEqual([]);
    expect(await historyOf(db, kept)).toHaveLength(1);
  });
});
