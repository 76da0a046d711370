import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { signedIn } from '@/tests/fixtures/signedIn';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { subscriptionSummary } from './subscriptionSummary';

/** A date as the English e-mails and pages write it, in UTC. */
const dateText = (instant: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(instant));

/**
 * The renewal engine through the account's routes, as QA and subscribers reach it: the test
 * clock (POST /api/account/subscriptions/{id}/clock) and the card change of a past-due
 * subscription, which charges the new card at once. A refusal changes nothing.
 */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1' }, [
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/clock$/, () => import('@/pages/api/account/subscriptions/[id]/clock')],
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/card$/, () => import('@/pages/api/account/subscriptions/[id]/card/index')],
]);

const DAY = 24 * 3600_000;
let n = 0;

/**
 * A paid Vogue Digital (yearly) at the sandbox, owned by `owner`; its subscription id. The
 * sandbox holds no payment under the kept card's id, so a renewal finds nothing to charge
 * until the card is changed.
 */
async function subscription(owner: string, livemode = false): Promise<string> {
  const transactions = new TransactionRepository(await appDb());
  const id = `txn_renewal_route_${(n += 1)}`;
  const base = newTransactionFixture({ id });
  await transactions.create({ ...base, livemode, gateway: 'sandbox', buyerIdentity: owner, customer: { ...base.customer, email: owner } });
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const clock = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  post(`/api/account/subscriptions/${id}/clock`, body, headers);
const changeCard = (id: string, number: string, cookie: string) =>
  post(
    `/api/account/subscriptions/${id}/card`,
    { idempotencyKey: crypto.randomUUID(), card: { kind: 'sandbox-card', number, expiry: '12/34', cvc: '123' } },
    { cookie },
  );

/** A subscription's row with its schedule's (when the engine is next due, a run's lease) and its test clock's offset. */
const row = async (id: string) =>
  (await appDb())
    .selectFrom('subscriptions')
    .innerJoin('subscription_schedule', 'subscription_schedule.subscription_id', 'subscriptions.id')
    .leftJoin('subscription_test_clocks', 'subscription_test_clocks.subscription_id', 'subscriptions.id')
    .selectAll(['subscriptions', 'subscription_schedule'])
    .select(sql<number>`coalesce(subscription_test_clocks.offset_ms, 0)`.as('clock_offset_ms'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
/** Ends a subscription with nothing scheduled. */
const endedNow = async (id: string) => {
  const db = await appDb();
  await db
    .updateTable('subscriptions')
    .set({ status: 'ended', ended_at: new Date().toISOString(), end_reason: 'cancelled' })
    .where('id', '=', id)
    .execute();
  await db.updateTable('subscription_schedule').set({ next_action_at: null }).where('subscription_id', '=', id).execute();
};
const renewals = async (id: string) =>
  (await appDb()).selectFrom('transactions').selectAll().where('renewal_of', '=', id).orderBy('created_at').execute();

/** Asserts the request is refused with `status` and `code`, and that the subscription's row did not move. */
async function refusedUnchanged(id: string, request: () => Promise<Response>, status: number, code?: string): Promise<void> {
  const before = await row(id);
  const answer = await request();
  expect(answer.status).toBe(status);
  const body = await answer.json();
  expect(body).toMatchObject({ error: { message: expect.any(String), ...(code ? { code } : {}) } });
  expect(await row(id)).toEqual(before);
  expect(await renewals(id)).toEqual([]);
}

describe('POST /api/account/subscriptions/{id}/clock', () => {
  it('moves a test-mode sandbox subscription a day, then to its next renewal, which renews it', async () => {
    const id = await subscription('qa@example.com');
    const cookie = await signedIn(await appDb(), 'qa@example.com');
    // A card whose renewals pay.
    expect(await (await changeCard(id, '4242 4242 4242 4242', cookie)).json()).toMatchObject({ status: 'saved' });
    const bought = await row(id);

    const day = await clock(id, { advance: 'day' }, { cookie });
    expect(day.status).toBe(200);
    expect(day.headers.get('cache-control')).toBe('no-store');
    const afterDay = (await day.json()).subscription;
    expect(afterDay).toMatchObject({ id, status: 'active', invoices: [expect.any(Object)] });
    expect(dateText(afterDay.testClock.today)).toBe(dateText(new Date(Date.now() + DAY).toISOString()));
    expect((await row(id)).clock_offset_ms).toBe(DAY);
    expect(await renewals(id)).toEqual([]);

    const next = await clock(id, { advance: 'next-renewal' }, { cookie });
    expect(next.status).toBe(200);
    const renewed = (await next.json()).subscription;
    const periodEnd = new Date(bought.current_period_end);
    periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
    expect(renewed).toMatchObject({ id, status: 'active', facts: { pastDue: null } });
    expect(dateText(renewed.facts.nextCharge.at)).toBe(dateText(periodEnd.toISOString()));
    expect(dateText(renewed.testClock.today)).toBe(dateText(bought.current_period_end));
    expect(renewed.invoices).toHaveLength(2);
    expect(renewed.invoices[1].number).toMatch(/^US-TEST-\d{4}-\d{6}$/);
    const after = await row(id);
    expect(after).toMatchObject({ status: 'active', current_period_start: bought.current_period_end });
    // Its clock now stands at the old period end: within the few seconds this test takes of it.
    expect(Math.abs(Date.now() + after.clock_offset_ms - Date.parse(bought.current_period_end))).toBeLessThan(60_000);
    expect(await renewals(id)).toMatchObject([{ status: 'succeeded', kind: 'renewal', period_start: bought.current_period_end }]);
    // The first requests load the route modules: slow on a busy machine.
  }, 20_000);

  it('moves to the renewal a subscription cannot pay: it is past due, and the account says why', async () => {
    const id = await subscription('nocard@example.com');
    const cookie = await signedIn(await appDb(), 'nocard@example.com');
    const answer = await clock(id, { advance: 'next-renewal' }, { cookie });
    expect(answer.status).toBe(200);
    expect((await answer.json()).subscription).toMatchObject({
      status: 'past_due',
      facts: { nextCharge: null, pastDue: { failureCode: 'payment_method_required', retryAt: null } },
    });
    expect(await renewals(id)).toMatchObject([{ status: 'failed', failure_code: 'payment_method_required' }]);
  });

  it('refuses to move a live subscription (409), changing nothing', async () => {
    const id = await subscription('live@example.com', true);
    const cookie = await signedIn(await appDb(), 'live@example.com');
    for (const advance of ['day', 'next-renewal']) {
      await refusedUnchanged(id, () => clock(id, { advance }, { cookie }), 409, 'clock_not_movable');
    }
  });

  it('refuses to move a test subscription at a real provider (409), changing nothing', async () => {
    const id = await subscription('stripe@example.com');
    await (await appDb()).updateTable('subscriptions').set({ gateway: 'stripe' }).where('id', '=', id).execute();
    const cookie = await signedIn(await appDb(), 'stripe@example.com');
    for (const advance of ['day', 'next-renewal']) {
      await refusedUnchanged(id, () => clock(id, { advance }, { cookie }), 409, 'clock_not_movable');
    }
  });

  it('answers an ended subscription that nothing is scheduled (409), changing nothing', async () => {
    const id = await subscription('ended@example.com');
    await endedNow(id);
    const cookie = await signedIn(await appDb(), 'ended@example.com');
    await refusedUnchanged(id, () => clock(id, { advance: 'next-renewal' }, { cookie }), 409, 'nothing_scheduled');
  });

  it('offers the account a test clock only while there is something for it to move to', async () => {
    const id = await subscription('clock.shown@example.com');
    const repository = new SubscriptionRepository(await appDb(), () => new Date());
    const summary = async () => subscriptionSummary((await repository.findById(id))!, 'Vogue', [], new Date(), true);
    expect(dateText((await summary()).testClock!.today)).toBe(dateText(new Date().toISOString()));
    await endedNow(id);
    expect(await summary()).toMatchObject({ status: 'ended', testClock: null });
  });

  it.each([
    ['an advance it does not know', { advance: 'week' }],
    ['an extra field', { advance: 'day', by: 7 }],
    ['no advance', {}],
    ['no body at all', undefined],
  ])('answers %s with a 400 and a message, changing nothing', async (_name, body) => {
    const id = await subscription('malformed.clock@example.com');
    const cookie = await signedIn(await appDb(), 'malformed.clock@example.com');
    await refusedUnchanged(id, () => clock(id, body, { cookie }), 400);
  });

  it("answers another person's subscription as one that does not exist (404), changing nothing", async () => {
    const id = await subscription('victim.clock@example.com');
    const cookie = await signedIn(await appDb(), 'mallory.clock@example.com');
    await refusedUnchanged(id, () => clock(id, { advance: 'next-renewal' }, { cookie }), 404, 'subscription_not_found');
  });

  it('takes POST only (405), a signed-in visitor only (401) and no cross-site POST (403)', async () => {
    const id = await subscription('owner.clock@example.com');
    const cookie = await signedIn(await appDb(), 'owner.clock@example.com');
    await refusedUnchanged(id, () => fetch(`${server.origin}/api/account/subscriptions/${id}/clock`, { headers: { cookie } }), 405);
    await refusedUnchanged(id, () => clock(id, { advance: 'day' }), 401, 'sign_in_required');
    await refusedUnchanged(id, () => clock(id, { advance: 'day' }, { cookie, origin: 'https://evil.example' }), 403, 'cross_site_request');
  });
});

describe('POST /api/account/subscriptions/{id}/card while past due', () => {
  /** A test subscription moved to its renewal with nothing to charge: past due, never tried again. */
  async function pastDue(owner: string): Promise<{ id: string; cookie: string }> {
    const id = await subscription(owner);
    const cookie = await signedIn(await appDb(), owner);
    expect((await (await clock(id, { advance: 'next-renewal' }, { cookie })).json()).subscription.status).toBe('past_due');
    return { id, cookie };
  }

  it('charges the new card at once: the answer shows it active again, with the renewal’s invoice', async () => {
    const { id, cookie } = await pastDue('recover@example.com');
    const answer = await changeCard(id, '4242 4242 4242 4242', cookie);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({
      status: 'saved',
      renewalPending: false,
      subscription: { id, status: 'active', facts: { pastDue: null }, paymentMethod: 'Visa ending in 4242' },
    });
    expect(body.subscription.invoices).toHaveLength(2);
    expect(await row(id)).toMatchObject({ status: 'active', renewal_tries: 0, past_due_since: null, retry_at: null });
    // Recovered: paid, keeping the code of the try that failed.
    expect(await renewals(id)).toMatchObject([{ status: 'succeeded', failure_code: 'payment_method_required' }]);
    // The card-changed e-mail, written before the charge, neither says nothing was charged nor names a past date as the next charge.
    const mail = await (
      await appDb()
    )
      .selectFrom('outbox')
      .select('body_text')
      .where('to_email', '=', 'recover@example.com')
      .where('kind', '=', 'card-changed')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('The renewal that did not go through is charged to it now');
    expect(mail.body_text).not.toMatch(/Nothing was charged|Next charge/);
  });

  it('saves a new card whose charge is declined, and answers it still past due with the decline and the next try', async () => {
    const { id, cookie } = await pastDue('declined.renewal@example.com');
    const answer = await changeCard(id, '4000 0000 0000 0341', cookie);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({
      status: 'saved',
      subscription: {
        id,
        status: 'past_due',
        paymentMethod: 'Visa ending in 0341',
        facts: { pastDue: { failureCode: 'generic_decline', retryAt: expect.any(String) } },
      },
    });
    expect(body.subscription.invoices).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'past_due', renewal_tries: 2, renewal_failure_code: 'generic_decline' });
    expect(await renewals(id)).toMatchObject([{ status: 'failed', failure_code: 'generic_decline' }]);
  });

  it('answers the charge pending while a renewal run holds the subscription, its try due at once', async () => {
    const { id, cookie } = await pastDue('held.renewal@example.com');
    // A scheduled pass holds it for the next minutes.
    const lease = new Date(Date.now() + 10 * 60_000).toISOString();
    await (await appDb()).updateTable('subscription_schedule').set({ lease_until: lease }).where('subscription_id', '=', id).execute();
    const answer = await changeCard(id, '4242 4242 4242 4242', cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      status: 'saved',
      renewalPending: true,
      subscription: { id, status: 'past_due', paymentMethod: 'Visa ending in 4242' },
    });
    const held = await row(id);
    expect(held).toMatchObject({ status: 'past_due', lease_until: lease });
    expect(Date.parse(held.next_action_at!)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(held.retry_at!)).toBeLessThanOrEqual(Date.now() + held.clock_offset_ms);
    expect(await renewals(id)).toMatchObject([{ status: 'failed', failure_code: 'payment_method_required' }]);
  });

  it('answers a card declined when saved as a decline, charging nothing and leaving it past due', async () => {
    const { id, cookie } = await pastDue('declined.save@example.com');
    const before = await row(id);
    const answer = await changeCard(id, '4000 0000 0000 0002', cookie);
    expect(await answer.json()).toMatchObject({ status: 'failed', code: 'generic_decline' });
    expect(await row(id)).toEqual(before);
    expect(await renewals(id)).toMatchObject([{ status: 'failed', failure_code: 'payment_method_required' }]);
  });
});
