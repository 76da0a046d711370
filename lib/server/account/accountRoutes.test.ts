import { describe, expect, it } from 'vitest';
import { appDb, applyCancelDeclarations, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { CANCELS_PER_NETWORK_ALERT } from '@/lib/server/subscriptions/publicCancellation';
import { newTransactionFixture, ORDERED_OFFERS } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { signedIn } from '@/tests/fixtures/signedIn';

/**
 * The subscriber's changes and the public cancel page through Next's own API resolver:
 * signed in as the owner only, same-origin only, one answer for every address.
 */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1' }, [
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/cancel$/, () => import('@/pages/api/account/subscriptions/[id]/cancel')],
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/resume$/, () => import('@/pages/api/account/subscriptions/[id]/resume')],
  [
    /^\/api\/account\/subscriptions\/(?<id>[^/]+)\/delivery-address$/,
    () => import('@/pages/api/account/subscriptions/[id]/delivery-address'),
  ],
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/card$/, () => import('@/pages/api/account/subscriptions/[id]/card/index')],
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/card\/confirm$/, () => import('@/pages/api/account/subscriptions/[id]/card/confirm')],
  [
    /^\/api\/account\/subscriptions\/(?<id>[^/]+)\/renewal-payment$/,
    () => import('@/pages/api/account/subscriptions/[id]/renewal-payment'),
  ],
  [/^\/api\/sandbox\/payments\/(?<paymentId>[^/]+)\/authenticate$/, () => import('@/pages/api/sandbox/payments/[paymentId]/authenticate')],
  [/^\/api\/cancel$/, () => import('@/pages/api/cancel/index')],
  [/^\/api\/cancel\/keep$/, () => import('@/pages/api/cancel/keep')],
]);

let n = 0;
const ALBANY = { line1: '1 State St', city: 'Albany', postalCode: '12207' };
async function subscription(owner: string | null, billing: string, print = false, livemode = true): Promise<string> {
  const transactions = new TransactionRepository(await appDb());
  const id = `txn_route_${(n += 1)}`;
  const base = newTransactionFixture({ id });
  await transactions.create({
    ...base,
    livemode,
    gateway: 'sandbox',
    buyerIdentity: owner,
    // A print subscription is delivered to its billing address in Albany, New York.
    customer: { ...base.customer, email: billing, ...(print ? { country: 'US', region: 'NY', address: ALBANY } : {}) },
    order: print ? { ...base.order, offer: ORDERED_OFFERS.newYorkerPrint } : base.order,
  });
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('POST /api/account/subscriptions/{id}/…', () => {
  it('cancels and resumes the signed-in owner’s subscription, answering it as the account shows it', async () => {
    const id = await subscription('owner@example.com', 'owner@example.com');
    const cookie = await signedIn(await appDb(), 'owner@example.com');
    const cancelled = await post(`/api/account/subscriptions/${id}/cancel`, { reason: 'Too expensive' }, { cookie });
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers.get('cache-control')).toBe('no-store');
    expect((await cancelled.json()).subscription).toMatchObject({ id, status: 'cancelling', canResume: true });
    const resumed = await post(`/api/account/subscriptions/${id}/resume`, {}, { cookie });
    expect((await resumed.json()).subscription).toMatchObject({ id, status: 'active', canCancel: true });
  });

  it('lets an address that has signed in cancel what it then bought signed out (it was theirs at once)', async () => {
    const cookie = await signedIn(await appDb(), 'claimer@example.com');
    const id = await subscription(null, 'claimer@example.com');
    const cancelled = await post(`/api/account/subscriptions/${id}/cancel`, {}, { cookie });
    expect(cancelled.status).toBe(200);
  });

  it("answers another person's subscription as one that does not exist (404), and changes nothing", async () => {
    const id = await subscription('victim@example.com', 'victim@example.com');
    const cookie = await signedIn(await appDb(), 'mallory@example.com');
    const answer = await post(`/api/account/subscriptions/${id}/cancel`, {}, { cookie });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { code: 'subscription_not_found' } });
    const row = await (
      await appDb()
    )
      .selectFrom('subscriptions')
      .select('cancel_at_period_end')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.cancel_at_period_end).toBe(0);
  });

  it('refuses a cross-site POST before anything else, even from the signed-in owner', async () => {
    const id = await subscription('owner2@example.com', 'owner2@example.com');
    const cookie = await signedIn(await appDb(), 'owner2@example.com');
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const answer = await post(`/api/account/subscriptions/${id}/cancel`, {}, { cookie, ...headers });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ error: { code: 'cross_site_request' } });
    }
  });

  it('asks a visitor who is not signed in to sign in (401)', async () => {
    const id = await subscription('owner3@example.com', 'owner3@example.com');
    const answer = await post(`/api/account/subscriptions/${id}/cancel`, {});
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: { code: 'sign_in_required', message: expect.stringMatching(/sign in/i) } });
  });

  it.each([
    ['a malformed id', '/api/account/subscriptions/..%2F..%2Fetc/cancel', {}],
    ['an unknown field', '/api/account/subscriptions/sub_aaaaaaaaaaaaaaaa/cancel', { reason: 'x', refund: true }],
    ['a reason too long', '/api/account/subscriptions/sub_aaaaaaaaaaaaaaaa/cancel', { reason: 'x'.repeat(501) }],
    ['an address that is not one', '/api/account/subscriptions/sub_aaaaaaaaaaaaaaaa/delivery-address', { address: { line1: '' } }],
  ])('answers %s with a 400 and a message', async (_name, path, body) => {
    const cookie = await signedIn(await appDb(), 'someone@example.com');
    const answer = await post(path, body, { cookie });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { message: expect.any(String) } });
  });

  it('changes the delivery address of a print subscription', async () => {
    const id = await subscription('reader@example.com', 'reader@example.com', true);
    const cookie = await signedIn(await appDb(), 'reader@example.com');
    const address = { line1: '2 Park Avenue', city: 'New York', postalCode: '10016', country: 'US', region: 'NY' };
    const answer = await post(`/api/account/subscriptions/${id}/delivery-address`, { address }, { cookie });
    expect((await answer.json()).subscription).toMatchObject({ deliveryAddress: address });
  });

  it.each([
    ['a ZIP code of the wrong shape', { postalCode: 'ABC' }, 'invalid_address', 'Enter a valid ZIP code, such as 95014.'],
    ['a state of no country', { region: 'XX' }, 'invalid_address', 'Choose your state.'],
    ['a move abroad', { country: 'DE', region: undefined, postalCode: '10115' }, 'country_change', 'bought for'],
  ])('refuses %s with a 400 naming it, and keeps the address', async (_name, change, code, words) => {
    const id = await subscription('refused@example.com', 'refused@example.com', true);
    const cookie = await signedIn(await appDb(), 'refused@example.com');
    const address = { line1: '2 Park Avenue', city: 'New York', postalCode: '10016', country: 'US', region: 'NY', ...change };
    const answer = await post(`/api/account/subscriptions/${id}/delivery-address`, { address }, { cookie });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toMatchObject({ code, message: expect.stringContaining(words) });
    const stored = await new SubscriptionRepository(await appDb()).findById(id);
    expect(stored?.deliveryAddress).toEqual({ ...ALBANY, country: 'US', region: 'NY' });
  });

  it.each([
    ['line1', 'street address'],
    ['city', 'city'],
    ['postalCode', 'postal code'],
  ])('refuses a control character in the %s with a 400 naming it, and keeps the address', async (field, words) => {
    const id = await subscription('mover@example.com', 'mover@example.com', true);
    const cookie = await signedIn(await appDb(), 'mover@example.com');
    const address = { line1: '2 Park Avenue', city: 'New York', postalCode: '10016' };
    await post(`/api/account/subscriptions/${id}/delivery-address`, { address }, { cookie });
    for (const character of ['\r\n', '\t', '\u0000', '\u007f', '\u202e']) {
      const answer = await post(
        `/api/account/subscriptions/${id}/delivery-address`,
        { address: { ...address, [field]: `10${character}17` } },
        { cookie },
      );
      expect(answer.status).toBe(400);
      expect((await answer.json()).error.message).toContain(words);
    }
    const stored = await new SubscriptionRepository(await appDb()).findById(id);
    expect(stored?.deliveryAddress).toMatchObject(address);
  });
});

describe('POST /api/account/subscriptions/{id}/card', () => {
  const card = (number: string) => ({
    idempotencyKey: crypto.randomUUID(),
    card: { kind: 'sandbox-card', number, expiry: '12/34', cvc: '123' },
  });

  it('changes the card of the owner’s card subscription, charging nothing, and e-mails the change', async () => {
    const id = await subscription('cardholder@example.com', 'cardholder@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'cardholder@example.com');
    const answer = await post(`/api/account/subscriptions/${id}/card`, card('5555 5555 5555 4444'), { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toMatchObject({ status: 'saved', subscription: { id, paymentMethod: 'Mastercard ending in 4444' } });
    const mail = await (
      await appDb()
    )
      .selectFrom('outbox')
      .select('subject')
      .where('to_email', '=', 'cardholder@example.com')
      .where('kind', '=', 'card-changed')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/payment card was changed/);
  });

  it('answers a declined card as the checkout does (200, failed, the reason in words), changing nothing', async () => {
    const id = await subscription('declined@example.com', 'declined@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'declined@example.com');
    const answer = await post(`/api/account/subscriptions/${id}/card`, card('4000 0000 0000 0002'), { cookie });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      status: 'failed',
      code: 'generic_decline',
      message: expect.stringMatching(/declined.*not changed/),
    });
  });

  /** Changes the card to a 3-D Secure one and answers the sandbox bank's page: where the visitor is sent back to. */
  async function throughTheBank(id: string, cookie: string, outcome: 'approve' | 'fail'): Promise<string> {
    const pending = await post(`/api/account/subscriptions/${id}/card`, card('4000 0025 0000 3155'), { cookie });
    const answer = await pending.json();
    expect(answer).toMatchObject({
      status: 'requires_action',
      action: { type: 'redirect', url: `/sandbox/authenticate/${answer.setupId}` },
    });
    const bank = await post(`/api/sandbox/payments/${answer.setupId}/authenticate`, { outcome });
    const { redirectTo } = await bank.json();
    expect(redirectTo).toBe(`/account/subscriptions/${id}/card?livemode=false&card_setup=${answer.setupId}`);
    return answer.setupId;
  }

  it("confirms a 3-D Secure card back from the sandbox bank's page, once: a second confirmation sends no second e-mail", async () => {
    const id = await subscription('bank@example.com', 'bank@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'bank@example.com');
    const setupId = await throughTheBank(id, cookie, 'approve');
    for (let confirmations = 0; confirmations < 2; confirmations += 1) {
      const confirmed = await post(`/api/account/subscriptions/${id}/card/confirm`, { setupId }, { cookie });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toMatchObject({ status: 'saved', subscription: { id, paymentMethod: 'Visa ending in 3155' } });
    }
    const mails = await (
      await appDb()
    )
      .selectFrom('outbox')
      .select('id')
      .where('to_email', '=', 'bank@example.com')
      .where('kind', '=', 'card-changed')
      .execute();
    expect(mails).toHaveLength(1);
  });

  it("answers a check failed on the bank's page as a decline (200, failed, in words), keeping the old card", async () => {
    const id = await subscription('bankfail@example.com', 'bankfail@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'bankfail@example.com');
    const setupId = await throughTheBank(id, cookie, 'fail');
    const confirmed = await post(`/api/account/subscriptions/${id}/card/confirm`, { setupId }, { cookie });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({
      status: 'failed',
      code: 'authentication_failed',
      message: "Your bank could not confirm this card. Please try again or use a different card. Your subscription's card was not changed.",
    });
    const row = await (await appDb()).selectFrom('subscriptions').select('payment_json').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.payment_json)).toMatchObject({ last4: '4242' });
  });

  it('refuses a confirmation whose setup id is none (400)', async () => {
    const id = await subscription('badsetup@example.com', 'badsetup@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'badsetup@example.com');
    for (const setupId of ['pi_1', 'pi_sandbox_short', '../seti_x', 'seti_' + 'a'.repeat(201)]) {
      const answer = await post(`/api/account/subscriptions/${id}/card/confirm`, { setupId }, { cookie });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { message: expect.stringContaining('setup') } });
    }
  });

  it('refuses a cross-site POST (403) and a visitor who is not signed in (401)', async () => {
    const id = await subscription('cardowner@example.com', 'cardowner@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'cardowner@example.com');
    for (const path of [`/api/account/subscriptions/${id}/card`, `/api/account/subscriptions/${id}/card/confirm`]) {
      const crossSite = await post(path, card('4242 4242 4242 4242'), { cookie, origin: 'https://evil.example' });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.json()).toMatchObject({ error: { code: 'cross_site_request' } });
    }
    const signedOut = await post(`/api/account/subscriptions/${id}/card`, card('4242 4242 4242 4242'));
    expect(signedOut.status).toBe(401);
  });

  it.each([
    ['no idempotency key', { card: card('4242 4242 4242 4242').card }],
    ['a card number that is not one', { ...card('x'), card: { ...card('x').card, number: 'abc' } }],
    [
      'an expiry that is not one',
      { ...card('4242'), card: { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '13/99', cvc: '1' } },
    ],
    ['an expired card', { ...card('4242'), card: { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' } }],
    ['a payment method that is not Stripe’s', { ...card('4242'), card: { kind: 'stripe-payment-method', paymentMethodId: 'x' } }],
    ['an unknown field', { ...card('4242 4242 4242 4242'), amount: 1 }],
  ])('answers %s with a 400 and a message', async (_name, body) => {
    // The owner's own test-mode subscription: its mode says whether the sandbox's card fields are taken.
    const id = await subscription('malformed@example.com', 'malformed@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'malformed@example.com');
    const answer = await post(`/api/account/subscriptions/${id}/card`, body, { cookie });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { message: expect.any(String) } });
  });

  it('refuses a Stripe payment method when the sandbox takes the cards (400), and a confirmation with no Stripe (404)', async () => {
    const id = await subscription('nostripe@example.com', 'nostripe@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'nostripe@example.com');
    const stripe = { idempotencyKey: crypto.randomUUID(), card: { kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' } };
    expect((await post(`/api/account/subscriptions/${id}/card`, stripe, { cookie })).status).toBe(400);
    expect((await post(`/api/account/subscriptions/${id}/card/confirm`, { setupId: 'seti_fake1' }, { cookie })).status).toBe(404);
  });
});

describe('POST /api/account/subscriptions/{id}/renewal-payment', () => {
  const path = (id: string) => `/api/account/subscriptions/${id}/renewal-payment`;

  it('answers 409 with a message when no payment of the subscription waits for the bank, changing nothing', async () => {
    const id = await subscription('held@example.com', 'held@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'held@example.com');
    const answer = await post(path(id), {}, { cookie });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ error: { code: 'no_held_payment', message: expect.stringContaining('No payment') } });
  });

  it("answers another person's subscription as one that does not exist (404)", async () => {
    const id = await subscription('heldvictim@example.com', 'heldvictim@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'heldmallory@example.com');
    expect((await post(path(id), {}, { cookie })).status).toBe(404);
  });

  it('refuses a body with fields (400), a cross-site POST (403) and a visitor who is not signed in (401)', async () => {
    const id = await subscription('heldform@example.com', 'heldform@example.com', false, false);
    const cookie = await signedIn(await appDb(), 'heldform@example.com');
    expect((await post(path(id), { amount: 1 }, { cookie })).status).toBe(400);
    expect((await post(path(id), {}, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(path(id), {})).status).toBe(401);
    expect((await post(path('sub_x'), {}, { cookie })).status).toBe(400);
  });
});

describe('POST /api/cancel and /api/cancel/keep', () => {
  it.each(['\u0000', '\u007f', '\u202e', '\u001b'])(
    'refuses a reason holding %j with a 400 naming it, on the public page and in the account, and cancels nothing',
    async (character) => {
      const id = await subscription('reasoned@example.com', 'reasoned@example.com');
      const cookie = await signedIn(await appDb(), 'reasoned@example.com');
      const reason = `Too expensive${character}`;
      const answers = [
        await post('/api/cancel', { email: 'reasoned@example.com', brand: 'vogue', reason, livemode: true }),
        await post(`/api/account/subscriptions/${id}/cancel`, { reason }, { cookie }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect((await answer.json()).error.message).toContain('reason:');
      }
      expect(await new SubscriptionRepository(await appDb()).findById(id)).toMatchObject({ cancelAtPeriodEnd: false });
    },
  );

  it('takes a reason written on a few lines', async () => {
    const id = await subscription('lines@example.com', 'lines@example.com');
    const cookie = await signedIn(await appDb(), 'lines@example.com');
    const answer = await post(`/api/account/subscriptions/${id}/cancel`, { reason: 'Too expensive.\r\n\tMoving abroad.' }, { cookie });
    expect(answer.status).toBe(200);
  });

  it('answers the same 202 whether or not the address subscribes', async () => {
    await subscription(null, 'held@example.com');
    const held = await post('/api/cancel', { email: 'held@example.com', brand: 'vogue', livemode: true });
    const none = await post('/api/cancel', { email: 'none@example.com', brand: 'vogue', livemode: true });
    expect([held.status, none.status]).toEqual([202, 202]);
    const [a, b] = [await held.json(), await none.json()];
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(a.received).toBe(true);
  });

  it(`never refuses a declaration for its number: ${CANCELS_PER_NETWORK_ALERT + 5} from one client are all received (202)`, async () => {
    const statuses = [];
    for (let i = 0; i < CANCELS_PER_NETWORK_ALERT + 5; i += 1) {
      statuses.push((await post('/api/cancel', { email: `many${i}@example.com`, brand: 'vogue', livemode: true })).status);
    }
    expect(new Set(statuses)).toEqual(new Set([202]));
  });

  it('refuses a cross-site declaration and a malformed one', async () => {
    expect(
      (await post('/api/cancel', { email: 'a@example.com', brand: 'vogue', livemode: true }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    const bad = await post('/api/cancel', { email: 'not-an-address', brand: 'vogue', livemode: true });
    expect(bad.status).toBe(400);
    expect((await post('/api/cancel/keep', { token: 'x'.repeat(101) })).status).toBe(400);
  });

  it('keeps a subscription with the e-mailed link, and answers a replayed link with 410, changing nothing', async () => {
    const id = await subscription(null, 'keeper@example.com');
    await post('/api/cancel', { email: 'keeper@example.com', brand: 'vogue', livemode: true });
    await applyCancelDeclarations();
    const db = await appDb();
    const mail = await db
      .selectFrom('outbox')
      .select('link')
      .where('to_email', '=', 'keeper@example.com')
      .where('kind', '=', 'cancel-request')
      .executeTakeFirstOrThrow();
    const token = new URL(mail.link!).searchParams.get('token')!;
    const kept = await post('/api/cancel/keep', { token });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ kept: true, brandName: 'vogue', offerName: 'Vogue Digital', nextCharge: expect.any(Object) });
    const replayed = await post('/api/cancel/keep', { token });
    expect(replayed.status).toBe(410);
    const row = await db.selectFrom('subscriptions').select('cancel_at_period_end').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.cancel_at_period_end).toBe(0);
  });
});
