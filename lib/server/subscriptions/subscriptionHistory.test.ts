import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxCard, submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { db, later, now, sandbox, setClock, setUpSandboxCheckout, snapshot } from '@/tests/fixtures/sandboxCheckout';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import { runDueRenewals, runRenewalsOf, type RenewalDeps } from '@/lib/server/renewals/renewalEngine';
import { RenewalRepository } from '@/lib/server/renewals/RenewalRepository';
import { DEFAULT_RETRY_DAYS } from '@/lib/subscriptions/renewalPolicy';
import { mailNotices } from './mailNotices';
import { historyOf } from './subscriptionHistory';
import { SubscriptionRepository } from './SubscriptionRepository';
import { SubscriptionService } from './SubscriptionService';

setUpSandboxCheckout();

const deps = (): RenewalDeps => ({
  db,
  gateways: [sandbox],
  now,
  policy: { retryDays: DEFAULT_RETRY_DAYS, graceDays: 14 },
  concurrency: 8,
  origin: 'https://subscribe.example.com',
  log: (line, error) => console.error(line, error),
});

const subscription = async (id: string) => (await new SubscriptionRepository(db, now).findById(id))!;

/** Buys Vogue Digital (yearly) in test mode with a sandbox card; answers its subscription id. */
async function buy(): Promise<string> {
  const input = submitRequestFixture({
    idempotencyKey: randomUUID(),
    returnPath: '/vogue/demo-single/credit-card?livemode=false',
    billing: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', country: 'GB' },
    ...sandboxCard('4242424242424242'),
  });
  const { response } = await submitCheckout({ db, gateways: [sandbox], now }, snapshot, submitRequestSchema.parse(input));
  expect(response.status).toBe('succeeded');
  return (await db.selectFrom('subscriptions').select('id').executeTakeFirstOrThrow()).id;
}

/** The sandbox card that renews it from now on (as the account's card change keeps it). */
async function renewWith(id: string, number: string): Promise<void> {
  const saved = await sandbox.saveCard({
    payment: { kind: 'sandbox-card', number, expMonth: 12, expYear: 2034, cvc: '123' },
    livemode: false,
    current: null,
    customer: { email: 'ada@example.com' },
    currencyCode: 'USD',
    idempotencyKey: randomUUID(),
    subscriptionId: id,
  });
  if (saved.status !== 'saved') throw new Error(`the sandbox did not keep ${number}`);
  await db
    .updateTable('subscriptions')
    .set({ instrument_json: JSON.stringify(saved.instrument) })
    .where('id', '=', id)
    .execute();
}

/**
 * Its notice of the coming renewal, recorded as sent already (the engine sends none then):
 * the first test follows the contract's own writes, and a notice sent is told in the history
 * too (careTimeLine.test.ts follows those).
 */
async function noticedAlready(id: string): Promise<void> {
  const about = (await subscription(id)).currentPeriodEnd;
  await db
    .insertInto('subscription_notices')
    .values({
      id: `ntc_${randomUUID()}`,
      subscription_id: id,
      kind: 'renewal',
      about,
      due_at: now().toISOString(),
      sent_at: now().toISOString(),
      mail_id: null,
      content_json: '{}',
    })
    .execute();
}

describe("a subscription's kept history", () => {
  it('tells of a purchase, a renewal, a failed one recovered, a cancel and a resume, once each, in order, with who did it', async () => {
    const id = await buy();
    await noticedAlready(id);
    setClock((await subscription(id)).currentPeriodEnd);
    await runDueRenewals(deps());
    expect((await subscription(id)).status).toBe('active');

    await renewWith(id, '4000000000000341');
    await noticedAlready(id);
    setClock((await subscription(id)).currentPeriodEnd);
    await runDueRenewals(deps());
    expect((await subscription(id)).status).toBe('past_due');

    later(3600_000);
    await renewWith(id, '4242424242424242');
    await new RenewalRepository(db).retryNow(await subscription(id), now());
    expect(await runRenewalsOf(deps(), id)).toEqual({ subscriptionId: id, steps: ['renewed (recovered)'] });

    const service = new SubscriptionService(db, [sandbox], mailNotices('https://subscribe.example.com', new Map()), now);
    await service.cancelRecord(await subscription(id), { reason: 'too much to read', channel: 'account' });
    await service.resumeRecord(await subscription(id));

    const history = await historyOf(db, id);
    expect(history.map((entry) => [entry.event, entry.actor.kind])).toEqual([
      ['purchased', 'buyer'],
      ['renewal_paid', 'system'],
      ['renewal_failed', 'system'],
      ['retry_now', 'buyer'],
      ['renewal_paid', 'system'],
      ['cancel_requested', 'buyer'],
      ['resumed', 'buyer'],
    ]);
    const [purchased, renewed, failed, , recovered, cancelled, resumed] = history;
    expect(purchased!.before).toEqual({});
    expect(purchased!.after).toMatchObject({ status: 'active', billing_email: 'ada@example.com', cancel_at_period_end: 0 });
    // Only the fields a write changed: an active one renewed stays active.
    expect(renewed!.before).toEqual({ current_period_start: '2026-11-21T12:00:00.000Z', current_period_end: '2027-11-21T12:00:00.000Z' });
    expect(renewed!.after).toEqual({ current_period_start: '2027-11-21T12:00:00.000Z', current_period_end: '2028-11-21T12:00:00.000Z' });
    expect(failed!.before).toMatchObject({ status: 'active', renewal_tries: 0 });
    expect(failed!.after).toMatchObject({ status: 'past_due', renewal_tries: 1, renewal_failure_code: 'generic_decline' });
    expect(recovered!.before).toMatchObject({ status: 'past_due', renewal_tries: 1 });
    expect(recovered!.after).toMatchObject({ status: 'active', renewal_tries: 0, renewal_failure_code: null });
    expect(cancelled!.before).toMatchObject({ cancel_at_period_end: 0, cancel_reason: null });
    expect(cancelled!.after).toMatchObject({ cancel_at_period_end: 1, cancel_reason: 'too much to read', cancel_channel: 'account' });
    expect(resumed!.before).toMatchObject({ cancel_at_period_end: 1 });
    expect(resumed!.after).toMatchObject({ cancel_at_period_end: 0, cancel_reason: null });
    // Kept as it happened, each at the version its write made.
    expect(history.every((entry) => !entry.reconstructed)).toBe(true);
    const versions = history.map((entry) => entry.version!);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    // The engine's own bookkeeping (claims, leases, when it is next due) is no part of it.
    for (const entry of history) expect(Object.keys(entry.after)).not.toContain('lease_until');
  });

  it("names care's operator when care cancels it, and ends it at once", async () => {
    const id = await buy();
    const service = new SubscriptionService(db, [sandbox], mailNotices('https://subscribe.example.com', new Map()), now);
    const operator = { kind: 'care' as const, id: 'op_7' };
    await service.cancelRecord(await subscription(id), { reason: 'asked by phone', channel: 'care', actor: operator });
    await service.endNow(await subscription(id), { reason: 'ended_by_care', actor: operator });
    const history = await historyOf(db, id);
    expect(history.map((entry) => [entry.event, entry.actor])).toEqual([
      ['purchased', { kind: 'buyer', id: null }],
      ['cancel_requested', { kind: 'care', id: 'op_7' }],
      ['ended', { kind: 'care', id: 'op_7' }],
    ]);
    expect(history[2]!.after).toMatchObject({ status: 'ended', end_reason: 'ended_by_care' });
  });
});
