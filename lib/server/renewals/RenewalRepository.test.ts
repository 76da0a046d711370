import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { queryPlan } from '@/tests/fixtures/queryPlan';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { historyOf } from '@/lib/server/subscriptions/subscriptionHistory';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import type { EngineSchedule } from '@/lib/subscriptions/lifecycle/lifecycle';
import { DEFAULT_RETRY_DAYS } from '@/lib/subscriptions/renewalPolicy';
import { noticeKey, type NoticeKind } from '@/lib/subscriptions/renewalNotices';
import { RenewalRepository, type NoticeMove } from './RenewalRepository';

let db: Kysely<Database>;
const at = new Date('2027-10-01T10:00:00.000Z');
const now = () => at;

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const record = async (id: string) => (await new SubscriptionRepository(db, now).findById(id))!;
const noticesOf = (id: string) => db.selectFrom('subscription_notices').selectAll().where('subscription_id', '=', id).execute();
const mailsQueued = async () => (await db.selectFrom('outbox').select('id').execute()).length;
const mail: MailMessage = {
  to: 'ada@example.com',
  subject: 'Your renewal',
  text: 'text',
  html: '<p>html</p>',
  kind: 'renewal-notice',
  link: null,
};

async function bought(): Promise<string> {
  const transactions = new TransactionRepository(db, () => new Date('2026-11-26T10:00:00.000Z'));
  await transactions.create(newTransactionFixture({ id: 'txn_1', buyerIdentity: 'ada@example.com' }));
  await transactions.markSucceeded('txn_1', 'pi_1');
  return (await transactions.findById('txn_1'))!.subscriptionId!;
}

function schedule(sent: string[] = [], price: number | null = 6000): EngineSchedule {
  return {
    policy: { retryDays: DEFAULT_RETRY_DAYS, graceDays: 14 },
    noticesSent: new Set(sent),
    catalogueRenewalAmount: price,
    chargedByUs: true,
    providerSandbox: false,
    billingCountry: 'US',
  };
}

async function notice(id: string, kind: NoticeKind, sent: string[] = []): Promise<NoticeMove> {
  const subscription = await record(id);
  const about = subscription.currentPeriodEnd;
  return { subscription, event: { kind: 'notice-sent', notice: kind, about, dueAt: at.toISOString(), schedule: schedule(sent) }, now: at };
}

describe('a notice recorded as the lifecycle’s notice-sent', () => {
  it('makes a price change’s new price pending, with its history row, and leaves the schedule to the run', async () => {
    const id = await bought();
    const before = await record(id);
    expect(await new RenewalRepository(db).recordNotice(await notice(id, 'price-change'), { amount: 6000 }, mail, at)).toBe(true);
    const after = await record(id);
    expect(after).toMatchObject({ pendingPrice: { amount: 6000, from: before.currentPeriodEnd }, updatedAt: at.toISOString() });
    expect(after.nextActionAt).toBe(before.nextActionAt);
    expect(await noticesOf(id)).toMatchObject([{ kind: 'price-change', about: before.currentPeriodEnd, mail_id: expect.any(String) }]);
    expect((await historyOf(db, id)).at(-1)).toMatchObject({
      event: 'price_pending',
      after: { pending_renewal_amount: 6000, pending_price_from: before.currentPeriodEnd },
    });
  });

  it('writes no record for a notice that makes nothing pending: its history tells of the notice', async () => {
    const id = await bought();
    const before = await record(id);
    expect(await new RenewalRepository(db).recordNotice(await notice(id, 'renewal'), {}, mail, at)).toBe(true);
    expect((await record(id)).version).toBe(before.version);
    expect((await historyOf(db, id)).at(-1)).toMatchObject({
      event: 'notice_sent',
      before: {},
      after: { notice: 'renewal', about: before.currentPeriodEnd },
    });
    expect(await mailsQueued()).toBeGreaterThan(0);
  });

  it('records nothing, and queues nothing, for a notice sent already', async () => {
    const id = await bought();
    const repository = new RenewalRepository(db);
    expect(await repository.recordNotice(await notice(id, 'price-change'), {}, mail, at)).toBe(true);
    const before = await record(id);
    const [entries, mails] = [(await historyOf(db, id)).length, await mailsQueued()];
    // Once by its row, once by the notices the engine read: neither writes anything.
    expect(await repository.recordNotice(await notice(id, 'price-change'), {}, mail, at)).toBe(false);
    const key = noticeKey('price-change', before.currentPeriodEnd);
    const refused = await notice(id, 'price-change', [key]);
    await db.deleteFrom('subscription_notices').execute();
    expect(await repository.recordNotice(refused, {}, mail, at)).toBe(false);
    expect(await noticesOf(id)).toEqual([]);
    expect((await record(id)).version).toBe(before.version);
    expect(await historyOf(db, id)).toHaveLength(entries);
    expect(await mailsQueued()).toBe(mails);
  });
});

const NOW = new Date('2026-12-01T12:00:00.000Z');

describe("the renewal engine's due claim", () => {
  it('reads the schedule alone, by its index: never a whole table, nor the whole index, on SQLite and PostgreSQL', async () => {
    const plan = await queryPlan(db, new RenewalRepository(db).dueQuery(NOW, 500).compile());
    expect(plan.indexes).toEqual(['subscription_schedule_due']);
    expect(plan.fullScans).toEqual([]);
    expect(plan.indexWalks).toEqual([]);
  });
});
