import type { Insertable, Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database, RefundTable, SubscriptionTable } from '@/lib/server/db/schema';
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
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const none = { waiting: 0, oldestAt: null };
const since = (minutes: number) => new Date(minutesAgo(minutes));

/** A subscription row with the columns these tests do not read filled in. */
const subscription = (id: string, columns: Partial<Insertable<SubscriptionTable>>): Insertable<SubscriptionTable> => ({
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
  clock_offset_ms: 0,
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
});

async function insertSubscriptions(rows: Insertable<SubscriptionTable>[]): Promise<void> {
  await db.insertInto('subscriptions').values(rows).execute();
}

async function insertRefunds(rows: Insertable<RefundTable>[]): Promise<void> {
  await db.insertInto('refunds').values(rows).execute();
}

describe('each backlog query', () => {
  it.each([
    ['renewals', 'subscriptions_next_action', () => backlogs.renewalsQuery(NOW)],
    ['waiting withdrawals', 'withdrawals_waiting', () => backlogs.waitingWithdrawalsQuery(NOW)],
    ['cancel declarations', 'cancel_declarations_pending', () => backlogs.cancelDeclarationsQuery()],
    ['public withdrawals', 'withdrawals_unexamined', () => backlogs.publicWithdrawalsQuery()],
    ['mail', 'outbox_due', () => backlogs.mailQuery(NOW)],
    ['stuck attempts', 'idempotency_keys_in_progress', () => backlogs.stuckAttemptsQuery(NOW)],
    ['provider settling', 'subscriptions_provider_settle', () => backlogs.providerSettlingQuery(['paypal'], NOW, 10)],
    ['refunds', 'refunds_status', () => backlogs.refundsQuery()],
  ])('of %s reads its index, never the whole table', async (_job, index, query) => {
    const plan = await queryPlan(db, query().compile());
    expect(plan.indexes).toContain(index);
    expect(plan.fullScans).toEqual([]);
  });
});
