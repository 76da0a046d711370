import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRetentionEnv } from '@/lib/server/config/serverEnv';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import type { MailStatus } from '@/lib/mail/mailKinds';
import { ArrivalIds } from '@/lib/server/tracking/storage/arrivalIds';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { RefundRepository } from '@/lib/server/refunds/RefundRepository';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { purge, PURGED_TABLES, retentionAgesFrom, type RetentionAges } from './purge';

const NOW = new Date('2027-06-15T03:00:00.000Z');
const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const iso = (days: number) => ago(days).toISOString();

/** The defaults: events 400 days, bad rows 30, links 7 after expiry, sessions at expiry, outbox 30, rate limits 2. */
const AGES: RetentionAges = retentionAgesFrom(parseRetentionEnv({}));

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => {
  await db.destroy();
});

async function addEvent(daysAgo: number, tag = 'aaaaaa'): Promise<string> {
  const { id, at } = new ArrivalIds(() => ago(daysAgo), tag).next('te');
  await db
    .insertInto('tracking_events')
    .values({
      id,
      received_at: at.toISOString(),
      channel: 'funnel',
      action: 'click',
      topic: null,
      campaign_id: 'c',
      session_id: null,
      source: null,
      livemode: 1,
      payload_json: '{}',
    })
    .execute();
  return id;
}

async function addBadRow(daysAgo: number): Promise<string> {
  const { id, at } = new ArrivalIds(() => ago(daysAgo)).next('br');
  await db
    .insertInto('tracking_bad_rows')
    .values({ id, received_at: at.toISOString(), channel: 'funnel', reason: '400 invalid_json: x', raw: 'x' })
    .execute();
  return id;
}

const ids = async (table: 'tracking_events' | 'tracking_bad_rows' | 'outbox') =>
  (await db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);

describe('purge', () => {
  it('deletes tracking events older than their age, keeps the younger ones', async () => {
    const old = [await addEvent(401), await addEvent(1000), await addEvent(400.01)];
    const young = [await addEvent(399.99), await addEvent(30), await addEvent(0)];
    const counts = await purge(db, NOW, AGES);
    expect(counts.tracking_events).toBe(old.length);
    expect(await ids('tracking_events')).toEqual(young.sort());
  });

  it('deletes in batches until none is left', async () => {
    for (let i = 0; i < 7; i += 1) await addEvent(500 + i, `tag00${i}`);
    const kept = await addEvent(1);
    expect((await purge(db, NOW, AGES, { batchRows: 2 })).tracking_events).toBe(7);
    expect(await ids('tracking_events')).toEqual([kept]);
  });

  it('deletes bad rows older than their age', async () => {
    await addBadRow(31);
    await addBadRow(365);
    const young = await addBadRow(29);
    expect((await purge(db, NOW, AGES)).tracking_bad_rows).toBe(2);
    expect(await ids('tracking_bad_rows')).toEqual([young]);
  });

  it('deletes sign-in links a week after their expiry, spent or not; live and recently expired links stay', async () => {
    const link = (token_hash: string, expiresDaysAgo: number, consumed: boolean) => ({
      token_hash,
      email: 'reader@example.com',
      purpose: 'sign-in' as const,
      return_path: '/',
      expires_at: iso(expiresDaysAgo),
      consumed_at: consumed ? iso(expiresDaysAgo + 0.005) : null,
      created_at: iso(expiresDaysAgo + 0.01),
    });
    await db
      .insertInto('sign_in_links')
      .values([
        link('spent-old', 8, true),
        link('expired-old', 30, false),
        link('spent-young', 6, true),
        link('expired-young', 1, false),
        link('live', -0.005, false),
      ])
      .execute();
    expect((await purge(db, NOW, AGES)).sign_in_links).toBe(2);
    const left = (await db.selectFrom('sign_in_links').select('token_hash').orderBy('token_hash').execute()).map((row) => row.token_hash);
    expect(left).toEqual(['expired-young', 'live', 'spent-young']);
  });

  it('deletes expired sessions and keeps live ones (users stay)', async () => {
    await db
      .insertInto('users')
      .values({ id: 'u1', email: 'reader@example.com', created_at: iso(100) })
      .execute();
    const session = (token_hash: string, expiresDaysAgo: number) => ({
      token_hash,
      user_id: 'u1',
      expires_at: iso(expiresDaysAgo),
      created_at: iso(expiresDaysAgo + 30),
    });
    await db
      .insertInto('sessions')
      .values([session('expired-long-ago', 40), session('just-expired', 0.001), session('live', -29)])
      .execute();
    expect((await purge(db, NOW, AGES)).sessions).toBe(2);
    expect(await db.selectFrom('sessions').select('token_hash').execute()).toEqual([{ token_hash: 'live' }]);
    expect(await db.selectFrom('users').select('id').execute()).toEqual([{ id: 'u1' }]);
  });

  it('deletes sent and given-up mails older than their age, never a pending one', async () => {
    const mail = (id: string, daysAgo: number, status: MailStatus) => ({
      id,
      to_email: 'reader@example.com',
      subject: 'Sign in',
      body_text: 'x',
      link: 'https://x/?token=t',
      kind: 'sign-in' as const,
      status,
      next_attempt_at: iso(daysAgo),
      created_at: iso(daysAgo),
    });
    await db
      .insertInto('outbox')
      .values([
        mail('mail_old', 31, 'sent'),
        mail('mail_old_failed', 40, 'failed'),
        mail('mail_old_pending', 45, 'pending'),
        mail('mail_young', 29, 'sent'),
        mail('mail_now', 0, 'pending'),
      ])
      .execute();
    expect((await purge(db, NOW, AGES)).outbox).toBe(2);
    expect(await ids('outbox')).toEqual(['mail_now', 'mail_old_pending', 'mail_young']);
  });

  it('deletes rate-limit windows that started before their age; current windows, a day long too, keep counting', async () => {
    await db
      .insertInto('rate_limits')
      .values([
        { bucket: 'ingest:events:192.0.2.1', window_start: iso(3), count: 3000 },
        { bucket: 'link:ip:192.0.2.1', window_start: iso(2.01), count: 30 },
        { bucket: 'ingest:events:192.0.2.1', window_start: iso(0.001), count: 12 },
        // A day-long window that began yesterday is still live.
        { bucket: 'checkout:client:192.0.2.1:day', window_start: iso(1), count: 5 },
      ])
      .execute();
    expect((await purge(db, NOW, AGES)).rate_limits).toBe(2);
    const left = await db.selectFrom('rate_limits').select(['bucket', 'count']).orderBy('bucket').execute();
    expect(left).toEqual([
      { bucket: 'checkout:client:192.0.2.1:day', count: 5 },
      { bucket: 'ingest:events:192.0.2.1', count: 12 },
    ]);
  });

  it("deletes the bad-row limiter's windows and tallies with the rate-limit windows, by their start", async () => {
    const window = (daysAgo: number) => ({ window_start: iso(daysAgo), followed: 1, summarised_at: iso(daysAgo - 0.001) });
    const tally = (daysAgo: number, client: string, channel: Database['bad_row_tallies']['channel']) => ({
      window_start: iso(daysAgo),
      client,
      channel,
      suppressed: 3,
      last_reason: '400 invalid_json: x',
      last_at: iso(daysAgo),
    });
    await db
      .insertInto('bad_row_windows')
      .values([window(3), window(2.01), window(0.01)])
      .execute();
    await db
      .insertInto('bad_row_tallies')
      .values([
        tally(3, '192.0.2.1', 'funnel'),
        tally(3, '192.0.2.1', 'inspector'),
        tally(3, '', 'funnel'),
        tally(2.01, '192.0.2.1', 'funnel'),
        tally(0.01, '192.0.2.1', 'funnel'),
      ])
      .execute();
    const counts = await purge(db, NOW, AGES, { batchRows: 2 });
    expect(counts).toMatchObject({ bad_row_tallies: 4, bad_row_windows: 2 });
    expect(await db.selectFrom('bad_row_windows').select('window_start').execute()).toEqual([{ window_start: iso(0.01) }]);
    expect(await db.selectFrom('bad_row_tallies').select('window_start').execute()).toEqual([{ window_start: iso(0.01) }]);
  });

  it('deletes schema observations last seen before their age, however recently first seen; shapes seen since stay', async () => {
    const observation = (name: string, firstDaysAgo: number, lastDaysAgo: number) => ({
      event_name: name,
      schema_json: '{"campaignId":"string"}',
      first_seen: iso(firstDaysAgo),
      last_seen: iso(lastDaysAgo),
      count: 3,
    });
    await db
      .insertInto('schema_observations')
      .values([
        observation('gone', 900, 401),
        observation('gone-too', 402, 400.5),
        observation('seen-again', 900, 10),
        observation('young', 1, 0),
      ])
      .execute();
    expect((await purge(db, NOW, AGES, { batchRows: 1 })).schema_observations).toBe(2);
    const left = await db.selectFrom('schema_observations').select('event_name').orderBy('event_name').execute();
    expect(left.map((row) => row.event_name)).toEqual(['seen-again', 'young']);
  });

  it('deletes CSP violations last seen longer ago than their age', async () => {
    const violation = (key: string, daysAgo: number) => ({
      violation_key: key,
      day: iso(daysAgo).slice(0, 10),
      page: '/vogue/x/credit-card',
      directive: 'script-src-elem',
      blocked: 'inline',
      source: null,
      disposition: 'enforce' as const,
      sample: null,
      count: 7,
      first_seen: iso(daysAgo),
      last_seen: iso(daysAgo),
    });
    await db
      .insertInto('csp_violations')
      .values([violation('a', 91), violation('a', 89), violation('b', 0)])
      .execute();
    expect((await purge(db, NOW, AGES)).csp_violations).toBe(1);
    expect(await db.selectFrom('csp_violations').select('last_seen').execute()).toHaveLength(2);
  });

  it('never touches transactions, idempotency keys or gateway events, however old', async () => {
    const longAgo = iso(5000);
    await db
      .insertInto('transactions')
      .values({
        id: 'txn_old',
        receipt_token_hash: 'h',
        campaign_id: 'c',
        brand_slug: 'vogue',
        offer_id: '1001',
        order_json: '{}',
        coupon_code: null,
        payment_method: 'card',
        gateway: 'stripe',
        gateway_payment_id: 'pi_1',
        status: 'succeeded',
        livemode: 1,
        source: null,
        customer_json: '{}',
        auto_renewal_consent_json: null,
        currency_code: 'USD',
        subtotal: 5000,
        discount: 0,
        tax: 0,
        total: 5000,
        invoice_number: 'INV-1',
        subscription_id: 'sub_1',
        failure_code: null,
        customer_email: 'reader@example.com',
        buyer_identity: null,
        created_at: longAgo,
        updated_at: longAgo,
      })
      .execute();
    await db
      .insertInto('idempotency_keys')
      .values({ key: 'k', request_hash: 'h', state: 'done', response_json: '{}', created_at: longAgo, updated_at: longAgo })
      .execute();
    await db
      .insertInto('gateway_events')
      .values({ id: 'evt_1', gateway: 'stripe', type: 'payment_intent.succeeded', received_at: longAgo })
      .execute();
    // The shortest ages there are.
    const counts = await purge(db, NOW, {
      eventsDays: 1,
      badRowsDays: 1,
      schemaObservationsDays: 1,
      signInLinksDays: 0,
      sessionsDays: 0,
      outboxDays: 0,
      rateLimitsDays: 1,
      cspReportsDays: 1,
    });
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
    expect(await db.selectFrom('transactions').select('id').execute()).toEqual([{ id: 'txn_old' }]);
    expect(await db.selectFrom('idempotency_keys').select('key').execute()).toEqual([{ key: 'k' }]);
    expect(await db.selectFrom('gateway_events').select('id').execute()).toEqual([{ id: 'evt_1' }]);
  });

  it("keeps a subscription's history, and the addresses and names in it, as long as the subscription's own, however old", async () => {
    const longAgo = iso(5000);
    const transactions = new TransactionRepository(db, () => ago(5000));
    await transactions.create(newTransactionFixture({ id: 'txn_old' }));
    await transactions.markSucceeded('txn_old', 'pi_old');
    const subscriptionId = (await transactions.findById('txn_old'))!.subscriptionId!;
    const address = { name: 'Ada Lovelace', line1: '12 St James Square', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
    await db
      .insertInto('subscription_history')
      .values({
        id: 'shi_old',
        subscription_id: subscriptionId,
        version: 1,
        at: longAgo,
        clock_at: longAgo,
        event: 'address_changed',
        actor_kind: 'buyer',
        actor_id: null,
        before_json: JSON.stringify({ delivery_address_json: null }),
        after_json: JSON.stringify({ delivery_address_json: address }),
        created_at: longAgo,
      })
      .execute();
    const before = await db.selectFrom('subscription_history').selectAll().orderBy('id').execute();
    expect(before.map((row) => row.event).sort()).toEqual(['address_changed', 'purchased']);
    expect(before.find((row) => row.event === 'purchased')!.after_json).toContain('ada@example.com');
    await purge(db, NOW, {
      eventsDays: 1,
      badRowsDays: 1,
      schemaObservationsDays: 1,
      signInLinksDays: 0,
      sessionsDays: 0,
      outboxDays: 0,
      rateLimitsDays: 1,
      cspReportsDays: 1,
    });
    // The subscription's billing address stays (the consent proof is kept: docs/subscriptions.md), and so does its history's.
    expect(await db.selectFrom('subscriptions').select('billing_email').execute()).toEqual([{ billing_email: 'ada@example.com' }]);
    expect(await db.selectFrom('subscription_history').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('keeps invoices and credit notes as long as the payments they are for, however old', async () => {
    const transactions = new TransactionRepository(db, () => ago(5000));
    await transactions.create(newTransactionFixture({ id: 'txn_old' }));
    await transactions.markSucceeded('txn_old', 'pi_old');
    const refunds = new RefundRepository(db);
    await refunds.reserve(
      {
        id: 'ref_old',
        transactionId: 'txn_old',
        amount: 500,
        currencyCode: 'USD',
        livemode: false,
        reason: 'Goodwill',
        idempotencyKey: 'key-old',
        requestedBy: 'operator:op_1',
      },
      ago(5000),
    );
    await refunds.succeed('ref_old', 're_old', ago(5000), () => null);
    const invoices = await db.selectFrom('invoices').selectAll().execute();
    const creditNotes = await db.selectFrom('credit_notes').selectAll().execute();
    expect(invoices).toHaveLength(1);
    expect(creditNotes).toHaveLength(1);
    await purge(db, NOW, {
      eventsDays: 1,
      badRowsDays: 1,
      schemaObservationsDays: 1,
      signInLinksDays: 0,
      sessionsDays: 0,
      outboxDays: 0,
      rateLimitsDays: 1,
      cspReportsDays: 1,
    });
    expect(await db.selectFrom('invoices').selectAll().execute()).toEqual(invoices);
    expect(await db.selectFrom('credit_notes').selectAll().execute()).toEqual(creditNotes);
  });

  it('answers zero for every table when nothing is old', async () => {
    await addEvent(1);
    expect(await purge(db, NOW, AGES)).toEqual({
      tracking_events: 0,
      tracking_bad_rows: 0,
      schema_observations: 0,
      sign_in_links: 0,
      sessions: 0,
      outbox: 0,
      rate_limits: 0,
      bad_row_tallies: 0,
      bad_row_windows: 0,
      csp_violations: 0,
    });
  });
});

describe('retention of the tracking tables', () => {
  it('has a rule for every table the tracking endpoints write', () => {
    const written = ['tracking_events', 'tracking_bad_rows', 'schema_observations', 'rate_limits', 'bad_row_tallies', 'bad_row_windows'];
    expect(written.filter((table) => !(PURGED_TABLES as readonly string[]).includes(table))).toEqual([]);
  });
});

describe('retention settings', () => {
  it('has defaults, and takes the ages from the environment', () => {
    expect(AGES).toEqual({
      eventsDays: 400,
      badRowsDays: 30,
      schemaObservationsDays: 400,
      signInLinksDays: 7,
      sessionsDays: 0,
      outboxDays: 30,
      rateLimitsDays: 2,
      cspReportsDays: 90,
    });
    expect(retentionAgesFrom(parseRetentionEnv({ RETENTION_EVENTS_DAYS: '90', RETENTION_SESSIONS_DAYS: '1.5' }))).toMatchObject({
      eventsDays: 90,
      sessionsDays: 1.5,
    });
  });

  it.each([
    [{ RETENTION_EVENTS_DAYS: 'a year' }, 'RETENTION_EVENTS_DAYS: must be a number of days'],
    [{ RETENTION_BAD_ROWS_DAYS: '0' }, 'RETENTION_BAD_ROWS_DAYS: must be at least 1 day'],
    [{ RETENTION_SCHEMA_OBSERVATIONS_DAYS: 'forever' }, 'RETENTION_SCHEMA_OBSERVATIONS_DAYS: must be a number of days'],
    [{ RETENTION_OUTBOX_DAYS: '-3' }, 'RETENTION_OUTBOX_DAYS: must be at least 0 days'],
    [{ RETENTION_RATE_LIMITS_DAYS: '0.5' }, 'RETENTION_RATE_LIMITS_DAYS: must be at least 1 day'],
  ])('refuses %o naming the setting', (env, message) => {
    expect(() => parseRetentionEnv(env)).toThrow(`Invalid retention configuration: ${message}`);
  });

  it('needs nothing of a production configuration but the database and the ages', () => {
    expect(parseRetentionEnv({ APP_ENV: 'production', DATABASE_URL: 'file:/var/lib/journey.db' }).DATABASE_URL).toBe(
      'file:/var/lib/journey.db',
    );
  });
});
