import type { Insertable, Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRetentionEnv } from '@/lib/server/config/serverEnv';
import type { Database, RefundTable, SubscriptionScheduleTable, SubscriptionTable } from '@/lib/server/db/schema';
import { PURGED_TABLES, retentionAgesFrom } from '@/lib/server/retention/purge';
import { ArrivalIds } from '@/lib/server/tracking/storage/arrivalIds';
import { queryPlan } from '@/tests/fixtures/queryPlan';
import { testDb } from '@/tests/fixtures/testDb';
import { JobBacklogRepository } from './JobBacklogRepository';

let db: Kysely<Database>;
let backlogs: JobBacklogRepository;
beforeEach(async () => {
  db = await testDb();
  backlogs = new JobBacklogRepository(db);
});
afterEach(async () => db.destroy());

const NOW = new Date('2026-12-01T12:00:00.000Z');
/** The default retention ages: tracking events 400 days, sessions at their expiry, sent mails 30 days. */
const AGES = retentionAgesFrom(parseRetentionEnv({}));
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const none = { waiting: 0, oldestAt: null };
const since = (minutes: number) => new Date(minutesAgo(minutes));

/** A subscription row, with its schedule's, and the columns these tests do not read filled in. */
type ScheduledSubscription = Insertable<SubscriptionTable> & Omit<SubscriptionScheduleTable, 'subscription_id'>;
const subscription = (id: string, columns: Partial<ScheduledSubscription>): ScheduledSubscription => ({
  id,
  transaction_id: `txn_${id}`,
  brand_slug: 'vogue',
  campaign_id: 'cmp_1',
  offer_id: 'vogue-digital',
  offer_name: 'Vogue digital',
  is_print: 0,
  owner_email: 'ada@example.com',
  billing_email: 'ada@example.com',
  livemode: 0,
  status: 'active',
  cancel_at_period_end: 0,
  provider_paused: 0,
  provider_tries: 0,
  needs_payment_method: 0,
  renewal_tries: 0,
  cancel_requested_at: null,
  cancel_reason: null,
  cancel_channel: null,
  current_period_start: minutesAgo(60 * 24),
  current_period_end: new Date(NOW.getTime() + 3600_000 * 24 * 20).toISOString(),
  trial_end: null,
  renewal_amount: 999,
  currency_code: 'EUR',
  billing_interval: 'month',
  payment_method: 'paypal',
  payment_json: '{}',
  express_wallet: null,
  gateway: 'paypal',
  instrument_json: '{"kind":"paypal","subscriptionId":"I-1"}',
  delivery_address_json: null,
  consent_json: null,
  ended_at: null,
  next_action_at: null,
  past_due_since: null,
  retry_at: null,
  grace_until: null,
  renewal_failure_code: null,
  lease_until: null,
  end_reason: null,
  introductory_until: null,
  pending_renewal_amount: null,
  pending_price_from: null,
  created_at: minutesAgo(60 * 24),
  updated_at: minutesAgo(60),
  ...columns,
});

const withdrawal = (id: string, columns: Record<string, unknown>) => ({
  id,
  subscription_id: `sub_${id}`,
  transaction_id: 'txn_1',
  channel: 'footer',
  email: 'ada@example.com',
  name: null,
  invoice_number: 'INV-2026-000001',
  livemode: 1,
  client_json: '{}',
  refund_id: null,
  declared_at: minutesAgo(10),
  applied_at: null,
  objected_at: null,
  origin: null,
  examined_at: minutesAgo(10),
  ...columns,
});

describe('JobBacklogRepository', () => {
  it('counts the subscriptions whose next action is due, since the oldest fell due', async () => {
    expect(await backlogs.renewals(NOW)).toEqual(none);
    await insertSubscriptions([
      subscription('sub_due', { next_action_at: minutesAgo(30) }),
      subscription('sub_due_too', { next_action_at: minutesAgo(5) }),
      subscription('sub_later', { next_action_at: new Date(NOW.getTime() + 60_000).toISOString() }),
      subscription('sub_none', { next_action_at: null }),
    ]);
    expect(await backlogs.renewals(NOW)).toEqual({ waiting: 2, oldestAt: since(30) });
  });

  it('counts the public-page withdrawals still to examine, and those waiting past their window', async () => {
    await db
      .insertInto('withdrawals')
      .values([
        withdrawal('wdr_unexamined', { examined_at: null, subscription_id: null, declared_at: minutesAgo(3) }),
        withdrawal('wdr_waiting_old', { declared_at: minutesAgo(60 * 24 * 4) }),
        withdrawal('wdr_waiting_new', { declared_at: minutesAgo(60) }),
        withdrawal('wdr_objected', { declared_at: minutesAgo(60 * 24 * 5), objected_at: minutesAgo(60 * 24 * 4) }),
        withdrawal('wdr_applied', { declared_at: minutesAgo(60 * 24 * 6), applied_at: minutesAgo(60 * 24 * 3) }),
      ] as never)
      .execute();
    expect(await backlogs.publicWithdrawals()).toEqual({ waiting: 1, oldestAt: since(3) });
    expect(await backlogs.waitingWithdrawals(since(60 * 24 * 3))).toEqual({ waiting: 1, oldestAt: since(60 * 24 * 4) });
  });

  it('counts the cancel-page declarations not applied yet', async () => {
    const declaration = (id: string, declaredAt: string, appliedAt: string | null) => ({
      id,
      email: 'ada@example.com',
      brand_slug: 'vogue',
      livemode: 1,
      reason: null,
      client_json: '{}',
      subscriptions_cancelled: 0,
      declared_at: declaredAt,
      applied_at: appliedAt,
      origin: null,
    });
    expect(await backlogs.cancelDeclarations()).toEqual(none);
    await db
      .insertInto('cancel_declarations')
      .values([
        declaration('cxl_1', minutesAgo(7), null),
        declaration('cxl_2', minutesAgo(2), null),
        declaration('cxl_3', minutesAgo(9), minutesAgo(8)),
      ])
      .execute();
    expect(await backlogs.cancelDeclarations()).toEqual({ waiting: 2, oldestAt: since(7) });
  });

  it('counts the checkout attempts in progress for longer than the grace', async () => {
    const key = (k: string, state: Database['idempotency_keys']['state'], updatedAt: string) => ({
      key: k,
      request_hash: 'h',
      state,
      response_json: null,
      created_at: updatedAt,
      updated_at: updatedAt,
    });
    await db
      .insertInto('idempotency_keys')
      .values([key('k1', 'in_progress', minutesAgo(10)), key('k2', 'in_progress', minutesAgo(0)), key('k3', 'done', minutesAgo(20))])
      .execute();
    expect(await backlogs.stuckAttempts(since(1))).toEqual({ waiting: 1, oldestAt: since(10) });
  });

  it('counts the subscriptions whose record and PayPal’s pause disagree, either way, not given up on', async () => {
    await insertSubscriptions([
      subscription('sub_to_pause', { cancel_at_period_end: 1, provider_paused: 0, updated_at: minutesAgo(40) }),
      subscription('sub_to_resume', { cancel_at_period_end: 0, provider_paused: 1, updated_at: minutesAgo(20) }),
      subscription('sub_settled', { cancel_at_period_end: 1, provider_paused: 1 }),
      subscription('sub_given_up', { cancel_at_period_end: 1, provider_paused: 0, provider_tries: 10, updated_at: minutesAgo(90) }),
      subscription('sub_card', { cancel_at_period_end: 1, provider_paused: 0, gateway: 'sandbox', updated_at: minutesAgo(90) }),
    ]);
    expect(await backlogs.providerSettling(['paypal'], NOW, 10)).toEqual({ waiting: 2, oldestAt: since(40) });
    expect(await backlogs.providerSettling([], NOW, 10)).toEqual(none);
  });

  it('counts the refunds still pending', async () => {
    expect(await backlogs.refunds()).toEqual(none);
    const refund = (id: string, status: RefundTable['status'], createdAt: string): Insertable<RefundTable> => ({
      id,
      transaction_id: 'txn_1',
      amount_minor: 999,
      currency_code: 'EUR',
      livemode: 0,
      reason: 'requested_by_customer',
      status,
      provider_refund_id: null,
      idempotency_key: `key_${id}`,
      credit_note_number: null,
      requested_by: 'care',
      failure_code: null,
      failure_message: null,
      sent_at: null,
      created_at: createdAt,
      settled_at: null,
    });
    await insertRefunds([refund('ref_1', 'pending', minutesAgo(15)), refund('ref_2', 'succeeded', minutesAgo(30))]);
    expect(await backlogs.refunds()).toEqual({ waiting: 1, oldestAt: since(15) });
  });
  it('counts the rows past their retention age, since the first of them came due (its time plus its age)', async () => {
    expect(await backlogs.purge(NOW, AGES)).toEqual(none);
    const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600_000);
    for (const days of [420, 401, 10]) {
      const { id, at } = new ArrivalIds(() => daysAgo(days)).next('te');
      await db
        .insertInto('tracking_events')
        .values({
          id,
          received_at: at.toISOString(),
          channel: 'funnel',
          action: 'click',
          topic: null,
          campaign_id: null,
          session_id: null,
          source: null,
          livemode: 1,
          payload_json: '{}',
        })
        .execute();
    }
    const mail = (id: string, days: number, status: 'sent' | 'failed' | 'pending') => ({
      id,
      to_email: 'ada@example.com',
      subject: 'Sign in',
      body_text: 'x',
      link: 'https://x/?token=t',
      kind: 'sign-in' as const,
      status,
      next_attempt_at: daysAgo(days).toISOString(),
      created_at: daysAgo(days).toISOString(),
    });
    await db
      .insertInto('outbox')
      .values([
        mail('mail_sent', 31, 'sent'),
        mail('mail_failed', 90, 'failed'),
        mail('mail_pending', 90, 'pending'),
        mail('mail_young', 29, 'sent'),
      ])
      .execute();
    // The event of 420 days ago came due 20 days ago; the given-up mail of 90 days ago, 60 days ago.
    expect(await backlogs.purge(NOW, AGES)).toEqual({ waiting: 4, oldestAt: daysAgo(60) });
  });
});

async function insertSubscriptions(rows: ScheduledSubscription[]): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values(rows.map(({ next_action_at: _next, lease_until: _lease, ...row }) => row))
    .execute();
  const schedules = rows.map((row) => ({ subscription_id: row.id, next_action_at: row.next_action_at, lease_until: row.lease_until }));
  await db.insertInto('subscription_schedule').values(schedules).execute();
}

async function insertRefunds(rows: Insertable<RefundTable>[]): Promise<void> {
  await db.insertInto('refunds').values(rows).execute();
}

describe('each backlog query', () => {
  it.each([
    ['renewals', 'subscription_schedule_due', () => backlogs.renewalsQuery(NOW)],
    ['waiting withdrawals', 'withdrawals_waiting', () => backlogs.waitingWithdrawalsQuery(NOW)],
    ['cancel declarations', 'cancel_declarations_pending', () => backlogs.cancelDeclarationsQuery()],
    ['public withdrawals', 'withdrawals_unexamined', () => backlogs.publicWithdrawalsQuery()],
    ['mail', 'outbox_due', () => backlogs.mailQuery(NOW)],
    ['stuck attempts', 'idempotency_keys_in_progress', () => backlogs.stuckAttemptsQuery(NOW)],
    ['provider settling', 'subscriptions_provider_settle', () => backlogs.providerSettlingQuery(['paypal'], NOW, 10)],
    ['refunds', 'refunds_status', () => backlogs.refundsQuery()],
  ])('of %s searches its index, never the whole table nor the whole index, on SQLite and PostgreSQL', async (_job, index, query) => {
    const plan = await queryPlan(db, query().compile());
    expect(plan.indexes).toContain(index);
    expect(plan.fullScans).toEqual([]);
    expect(plan.indexWalks).toEqual([]);
  });

  it('of purge reads an index of each purged table, never a whole table nor a whole index', async () => {
    const plan = await queryPlan(db, backlogs.purgeQuery(NOW, AGES).compile());
    // Each index's name holds its table's: its time index, or its primary key where the key sorts by time (arrival ids, windows).
    for (const table of PURGED_TABLES) expect(plan.indexes.filter((index) => index.includes(table))).toHaveLength(1);
    expect(plan.indexes).toHaveLength(PURGED_TABLES.length);
    expect(plan.fullScans).toEqual([]);
    expect(plan.indexWalks).toEqual([]);
  });
});
