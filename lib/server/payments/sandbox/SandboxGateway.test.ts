import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import type { ChargeRequest, GatewayEvent } from '@/lib/server/payments/PaymentGateway';
import { authenticationRedirect } from './authenticationRedirect';
import { SANDBOX_PAYMENT_ID, SandboxGateway } from './SandboxGateway';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';

let db: Kysely<Database>;
let events: GatewayEvent[];
let gateway: SandboxGateway;

beforeEach(async () => {
  db = await testDb();
  events = [];
  gateway = new SandboxGateway(db, async (event) => {
    events.push(event);
  });
});
afterEach(async () => db.destroy());

let keys = 0;
function request(number: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  keys += 1;
  return chargeRequestFixture({
    idempotencyKey: `key-${keys}`,
    payment: { kind: 'sandbox-card', number, expMonth: 12, expYear: 2030, cvc: '123' },
    ...overrides,
  });
}

describe('SandboxGateway.charge', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeded', undefined],
    ['5555 5555 5555 4444', 'succeeded', undefined],
    ['4000 0000 0000 0002', 'failed', 'generic_decline'],
    ['4000 0000 0000 9995', 'failed', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'failed', 'expired_card'],
    ['4000 0000 0000 0127', 'failed', 'incorrect_cvc'],
    ['4000 0000 0000 3220', 'requires_action', undefined],
    ['4000 0027 6000 3184', 'requires_action', undefined],
    ['4000 0084 0000 1629', 'requires_action', undefined],
  ])('%s → %s %s', async (number, status, code) => {
    const result = await gateway.charge(request(number));
    expect(result.status).toBe(status);
    if (result.status === 'failed') expect(result.code).toBe(code);
    if (result.status === 'requires_action')
      expect(result.action).toEqual({ type: 'redirect', url: `/sandbox/authenticate/${result.paymentId}` });
    const final =
      status === 'requires_action'
        ? []
        : [{ type: status === 'succeeded' ? 'payment.succeeded' : 'payment.failed', paymentId: result.paymentId }];
    expect(events.map(({ type, paymentId }) => ({ type, paymentId }))).toEqual(final);
  });

  it('rejects a Luhn-invalid number before any charge', async () => {
    expect(await gateway.charge(request('4242 4242 4242 4241'))).toEqual({ status: 'failed', paymentId: null, code: 'invalid_number' });
    expect(await db.selectFrom('sandbox_payment_intents').selectAll().execute()).toEqual([]);
    expect(events).toEqual([]);
  });

  it('simulates a provider outage with 4000 0000 0000 5035: a 503 to retry later, and nothing charged or recorded', async () => {
    const outage = request('4000 0000 0000 5035');
    await expect(gateway.charge(outage)).rejects.toMatchObject({
      status: 503,
      code: 'payment_provider_unavailable',
      retryAfterSeconds: 120,
    });
    expect(await db.selectFrom('sandbox_payment_intents').selectAll().execute()).toEqual([]);
    expect(events).toEqual([]);
    // The same attempt, retried with another card once the visitor has one: it pays.
    const retried = await gateway.charge({
      ...outage,
      payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(retried.status).toBe('succeeded');
  });

  it('keeps the card brand and last four digits only', async () => {
    const result = await gateway.charge(request('4242 4242 4242 4242'));
    const intent = await gateway.find(result.paymentId!);
    expect(intent).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', amount: 2500, currencyCode: 'USD' });
    expect(JSON.stringify(intent)).not.toContain('424242424242');
  });

  it('charges once per idempotency key, however often and however concurrently it is asked', async () => {
    const same = request('4242 4242 4242 4242');
    const results = await Promise.all(Array.from({ length: 10 }, () => gateway.charge(same)));
    expect(new Set(results.map((r) => r.status === 'succeeded' && r.paymentId)).size).toBe(1);
    expect(await db.selectFrom('sandbox_payment_intents').selectAll().execute()).toHaveLength(1);
    expect(events).toHaveLength(1);
  });
});

describe('SandboxGateway.authenticate', () => {
  it.each([
    ['4000 0000 0000 3220', 'approve', 'succeeded', null],
    ['4000 0027 6000 3184', 'approve', 'succeeded', null],
    ['4000 0000 0000 3220', 'fail', 'requires_payment_method', 'authentication_failed'],
    ['4000 0084 0000 1629', 'approve', 'requires_payment_method', 'generic_decline'],
    ['4000 0084 0000 1629', 'fail', 'requires_payment_method', 'authentication_failed'],
  ] as const)('%s, %s → %s %s', async (number, outcome, status, code) => {
    const charged = await gateway.charge(request(number));
    const intent = await gateway.authenticate(charged.paymentId!, outcome);
    expect(intent).toMatchObject({ status, lastErrorCode: code });
    expect(events).toEqual([
      expect.objectContaining({
        type: status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
        paymentId: charged.paymentId,
        ...(code ? { failureCode: code } : {}),
      }),
    ]);
  });

  it('authenticates once: a second answer changes nothing and emits nothing', async () => {
    const charged = await gateway.charge(request('4000 0000 0000 3220'));
    await gateway.authenticate(charged.paymentId!, 'approve');
    const again = await gateway.authenticate(charged.paymentId!, 'fail');
    expect(again?.status).toBe('succeeded');
    expect(events).toHaveLength(1);
  });

  it('does not authenticate a payment that needs none', async () => {
    const charged = await gateway.charge(request('4000 0000 0000 0002'));
    expect((await gateway.authenticate(charged.paymentId!, 'approve'))?.status).toBe('requires_payment_method');
    expect(events).toHaveLength(1);
  });

  it('knows no unknown payment', async () => {
    expect(await gateway.authenticate('pi_sandbox_nope', 'approve')).toBeNull();
  });
});

describe('SandboxGateway.saveCard', () => {
  let saves = 0;
  const save = (number: string, idempotencyKey = `save-${(saves += 1)}`) =>
    gateway.saveCard({
      payment: { kind: 'sandbox-card', number, expMonth: 12, expYear: 2034, cvc: '123' },
      livemode: false,
      current: null,
      customer: { email: 'ada@example.com' },
      currencyCode: 'USD',
      idempotencyKey,
      subscriptionId: 'sub_aaaaaaaaaaaaaaaa',
    });

  it('keeps an approved card as a sandbox payment of 0 that stands for it, emitting nothing', async () => {
    const saved = await save('5555 5555 5555 4444');
    expect(saved).toEqual({
      status: 'saved',
      instrument: { kind: 'sandbox-card', paymentIntentId: expect.stringMatching(/^pi_sandbox_/) },
      card: { brand: 'mastercard', last4: '4444' },
    });
    const id = saved.status === 'saved' && saved.instrument.kind === 'sandbox-card' ? saved.instrument.paymentIntentId : '';
    expect(await gateway.find(id)).toMatchObject({ amount: 0, status: 'succeeded', cardLast4: '4444' });
    expect(events).toEqual([]);
  });

  it.each([
    ['4000 0000 0000 0002', 'generic_decline'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card'],
    ['4000 0000 0000 0127', 'incorrect_cvc'],
    ['4242 4242 4242 4241', 'invalid_number'],
  ])('declines %s with the code a charge has: %s', async (number, code) => {
    expect(await save(number)).toEqual({ status: 'failed', code });
  });

  it("sends a 3-D Secure card to the sandbox bank's page, which sends the visitor back to the card page to confirm it", async () => {
    const pending = await save('4000 0025 0000 3155');
    const setupId = pending.status === 'requires_action' ? pending.setupId : '';
    expect(setupId).toMatch(SANDBOX_PAYMENT_ID);
    expect(pending).toEqual({ status: 'requires_action', setupId, action: { type: 'redirect', url: `/sandbox/authenticate/${setupId}` } });
    expect(await gateway.savedCard(setupId)).toEqual({ result: pending, subscriptionId: 'sub_aaaaaaaaaaaaaaaa' });

    const answered = (await gateway.authenticate(setupId, 'approve'))!;
    expect(authenticationRedirect(answered)).toBe(`/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false&card_setup=${setupId}`);
    expect(await gateway.savedCard(setupId)).toEqual({
      result: { status: 'saved', instrument: { kind: 'sandbox-card', paymentIntentId: setupId }, card: { brand: 'visa', last4: '3155' } },
      subscriptionId: 'sub_aaaaaaaaaaaaaaaa',
    });
    // No order is paid: nothing is reported to the checkout.
    expect(events).toEqual([]);
  });

  it.each([
    ['4000 0025 0000 3155', 'fail', 'authentication_failed'],
    ['4000 0084 0000 1629', 'approve', 'generic_decline'],
  ] as const)('reads %s, %s on the bank page, back as a failure (%s), with the same way back', async (number, outcome, code) => {
    const pending = await save(number);
    const setupId = pending.status === 'requires_action' ? pending.setupId : '';
    const answered = (await gateway.authenticate(setupId, outcome))!;
    expect(authenticationRedirect(answered)).toBe(`/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false&card_setup=${setupId}`);
    expect((await gateway.savedCard(setupId)).result).toEqual({ status: 'failed', code });
    expect(events).toEqual([]);
  });

  it("knows no card change in a checkout's payment or an unknown id; the outage card is an outage", async () => {
    const charged = await gateway.charge(request('4000 0025 0000 3155'));
    expect((await gateway.savedCard(charged.paymentId!)).subscriptionId).toBeNull();
    expect(await gateway.savedCard('pi_sandbox_nope')).toEqual({
      result: { status: 'failed', code: 'processing_error' },
      subscriptionId: null,
    });
    await expect(save('4000 0000 0000 5035')).rejects.toMatchObject({ status: 503 });
  });

  it('saves once per idempotency key', async () => {
    const first = await save('4242 4242 4242 4242', 'same');
    expect(await save('4242 4242 4242 4242', 'same')).toEqual(first);
  });
});
