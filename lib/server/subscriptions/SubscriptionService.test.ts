import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import { newTransactionFixture, ORDERED_OFFERS } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import type { PaymentGateway, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { startFakeStripe } from '@/lib/server/payments/stripe/fakeStripe';
import { StripeGateway } from '@/lib/server/payments/stripe/StripeGateway';
import { SandboxWalletGateway } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import type { SubscriptionNotices } from './SubscriptionNotices';
import { SubscriptionRepository } from './SubscriptionRepository';
import { SubscriptionService } from './SubscriptionService';
import { settleProviderRenewals } from './providerRenewalsPass';

let db: Kysely<Database>;
let clock: Date;
let sent: string[];
let logged: string[];
let paypal: SandboxWalletGateway;
let failNotice = false;
const now = () => clock;

/** Records each notice with the state the record had in its transaction. */
const notices: SubscriptionNotices = {
  cancelled: async (_db, subscription) => void sent.push(`cancelled ${subscription.id} ${subscription.cancelAtPeriodEnd}`),
  resumed: async (_db, subscription) => void sent.push(`resumed ${subscription.id} ${subscription.cancelAtPeriodEnd}`),
  addressChanged: async (_db, subscription) => void sent.push(`address ${subscription.id} ${subscription.deliveryAddress?.line1}`),
  cardChanged: async (_db, subscription) => {
    if (failNotice) throw new Error('the outbox is unavailable');
    sent.push(`card ${subscription.id} ${JSON.stringify(subscription.payment)} ${JSON.stringify(subscription.instrument)}`);
  },
  endedByCare: async (_db, subscription) => void sent.push(`ended ${subscription.id} ${subscription.endReason}`),
};

beforeEach(async () => {
  db = await testDb();
  clock = new Date('2026-11-26T10:00:00.000Z');
  sent = [];
  logged = [];
  failNotice = false;
  paypal = new SandboxWalletGateway('paypal', db, async () => undefined, now);
});
afterEach(async () => db.destroy());

const service = (gateways: PaymentGateway[] = [paypal]) =>
  new SubscriptionService(db, gateways, notices, now, (line) => void logged.push(line));
const record = (id: string) => new SubscriptionRepository(db, now).findById(id);
/** The sandbox PayPal with some of its calls replaced (one that fails, say). */
const paypalWith = (calls: Partial<Pick<PaymentGateway, 'pauseRenewals' | 'resumeRenewals'>>): PaymentGateway => ({
  ...paypal,
  name: 'sandbox-paypal',
  inputKinds: ['paypal'],
  charge: paypal.charge.bind(paypal),
  retrieve: paypal.retrieve.bind(paypal),
  lookupAttempt: paypal.lookupAttempt.bind(paypal),
  pauseRenewals: paypal.pauseRenewals.bind(paypal),
  resumeRenewals: paypal.resumeRenewals.bind(paypal),
  ...calls,
});

async function subscribed(id: string, overrides: object = {}, instrument?: RenewalInstrument): Promise<string> {
  const transactions = new TransactionRepository(db, now);
  await transactions.create(
    newTransactionFixture({ id, buyerIdentity: 'ada@example.com', gateway: 'sandbox', livemode: true, ...overrides }),
  );
  await transactions.markSucceeded(id, `pi_${id}`, instrument);
  return (await transactions.findById(id))!.subscriptionId!;
}

/** A subscription bought through the sandbox PayPal, approved, so that it can be paused. */
async function paypalSubscription(): Promise<string> {
  const charged = await paypal.charge(chargeRequestFixture({ idempotencyKey: 'k-paypal', payment: { kind: 'paypal' } }));
  await paypal.answer(charged.paymentId!, 'approve');
  return subscribed(
    'txn_paypal',
    { gateway: 'sandbox-paypal', order: { ...newTransactionFixture({ id: 'x' }).order, payment: { method: 'paypal' } } },
    {
      kind: 'sandbox-wallet',
      wallet: 'paypal',
      paymentId: charged.paymentId!,
    },
  );
}

const paused = async () =>
  (await db.selectFrom('sandbox_wallet_payments').select('renewals_paused').executeTakeFirstOrThrow()).renewals_paused;

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('SubscriptionService.cancel', () => {
  it('cancels at the end of the period, with its reason and e-mail, access kept until then', async () => {
    const id = await subscribed('txn_1');
    const cancelled = await service().cancel('Ada@example.com', id, { reason: 'Too expensive', channel: 'account' });
    expect(cancelled).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelReason: 'Too expensive',
      cancelChannel: 'account',
      cancelRequestedAt: clock.toISOString(),
      currentPeriodEnd: '2027-11-26T10:00:00.000Z',
      status: 'active',
    });
    expect(sent).toEqual([`cancelled ${id} true`]);
  });

  it('answers a second cancel with the subscription as it is, and sends nothing twice', async () => {
    const id = await subscribed('txn_1');
    await service().cancel('ada@example.com', id, { reason: null, channel: 'account' });
    const again = await service().cancel('ada@example.com', id, { reason: 'other', channel: 'account' });
    expect(again).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: null });
    expect(sent).toHaveLength(1);
  });

  it("answers another person's subscription, and one that does not exist, with the same 404", async () => {
    const id = await subscribed('txn_1');
    expect(await refusal(service().cancel('mallory@example.com', id, { reason: null, channel: 'account' }))).toEqual({
      status: 404,
      code: 'subscription_not_found',
    });
    expect(await refusal(service().cancel('ada@example.com', 'sub_nope', { reason: null, channel: 'account' }))).toEqual({
      status: 404,
      code: 'subscription_not_found',
    });
    expect((await record(id))?.cancelAtPeriodEnd).toBe(false);
    expect(sent).toEqual([]);
  });

  it('refuses to cancel one whose cancelled period is over', async () => {
    const id = await subscribed('txn_1');
    await service().cancel('ada@example.com', id, { reason: null, channel: 'account' });
    clock = new Date('2027-11-26T10:00:00.000Z');
    expect(await refusal(service().cancel('ada@example.com', id, { reason: null, channel: 'account' }))).toEqual({
      status: 409,
      code: 'subscription_ended',
    });
  });

  it('has PayPal pause the renewals at once, and resumes them at PayPal on resume', async () => {
    const id = await paypalSubscription();
    expect((await service().cancel('ada@example.com', id, { reason: null, channel: 'account' })).providerPaused).toBe(true);
    expect(await paused()).toBe(1);
    const resumed = await service().resume('ada@example.com', id);
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, providerPaused: false, cancelRequestedAt: null });
    expect(await paused()).toBe(0);
    expect(sent).toEqual([`cancelled ${id} true`, `resumed ${id} false`]);
  });

  it('keeps the cancellation when PayPal cannot be reached, and the retry pass pauses it there later', async () => {
    const id = await paypalSubscription();
    const unreachable = paypalWith({
      pauseRenewals: async () => {
        throw new Error('PayPal did not answer');
      },
    });
    const cancelled = await service([unreachable]).cancel('ada@example.com', id, { reason: null, channel: 'account' });
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, providerPaused: false });
    expect(logged).toEqual([expect.stringContaining('the cancellation stands')]);
    expect(sent).toHaveLength(1);
    expect(await paused()).toBe(0);

    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await settleProviderRenewals({ db, gateways: [paypal], now, log: () => undefined })).toEqual([
      { kind: 'paused', subscriptionId: id },
    ]);
    expect(await paused()).toBe(1);
    expect((await record(id))?.providerPaused).toBe(true);
  });

  it('answers 409 with what to do when PayPal refuses to resume, and records nothing', async () => {
    const id = await paypalSubscription();
    await service().cancel('ada@example.com', id, { reason: null, channel: 'account' });
    const refusing = paypalWith({
      resumeRenewals: async () => {
        throw new Error('SUBSCRIPTION_STATUS_INVALID: CANCELLED');
      },
    });
    const refused = service([refusing]).resume('ada@example.com', id);
    await expect(refused).rejects.toMatchObject({ status: 409, code: 'provider_refused_resume' });
    await expect(refused).rejects.toThrow(/may have been cancelled in your PayPal account/);
    expect(await record(id)).toMatchObject({ cancelAtPeriodEnd: true, providerPaused: true });
    expect(sent).toEqual([`cancelled ${id} true`]);
    expect(logged).toEqual([expect.stringContaining('the provider refused to resume')]);
  });
});

describe('SubscriptionService.endNow', () => {
  it('ends it at once, access with it, running what goes along in the same write, once', async () => {
    const id = await subscribed('txn_1');
    const alongside: string[] = [];
    const subscription = (await record(id))!;
    const ended = await service().endNow(subscription, {
      reason: 'ended_by_care',
      alongside: async (trx, moved) => {
        const stored = await new SubscriptionRepository(trx, now).findById(moved.id);
        alongside.push(`${stored?.status} ${moved.endReason}`);
      },
    });
    expect(ended).toMatchObject({ status: 'ended', endReason: 'ended_by_care', endedAt: clock.toISOString(), nextActionAt: null });
    expect(await new SubscriptionRepository(db, now).entitlement('ada@example.com', 'vogue', true)).toMatchObject({ access: false });
    expect(
      await service().endNow(subscription, { reason: 'withdrawn', alongside: async () => void alongside.push('again') }),
    ).toMatchObject({
      endReason: 'ended_by_care',
    });
    expect(alongside).toEqual(['ended ended_by_care']);
    expect(sent).toEqual([`ended ${id} ended_by_care`]);
  });

  it('leaves one whose cancelled period is over as it is', async () => {
    const id = await subscribed('txn_1');
    await service().cancel('ada@example.com', id, { reason: null, channel: 'account' });
    clock = new Date('2027-11-27T10:00:00.000Z');
    expect(await service().endNow((await record(id))!, { reason: 'withdrawn' })).toMatchObject({ status: 'active', endReason: null });
  });

  it('has PayPal stop its renewals, and the retry pass asks again when PayPal could not be reached', async () => {
    const id = await paypalSubscription();
    const unreachable = paypalWith({
      pauseRenewals: async () => {
        throw new Error('PayPal did not answer');
      },
    });
    expect(await service([unreachable]).endNow((await record(id))!, { reason: 'withdrawn' })).toMatchObject({
      status: 'ended',
      providerPaused: false,
    });
    // A withdrawal sends its own e-mail: none from here.
    expect(sent).toEqual([]);
    expect(await paused()).toBe(0);
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await settleProviderRenewals({ db, gateways: [paypal], now, log: () => undefined })).toEqual([
      { kind: 'paused', subscriptionId: id },
    ]);
    expect(await paused()).toBe(1);
  });
});

describe('SubscriptionService.resume', () => {
  it('takes a cancellation back while the period runs; resuming a renewing one changes nothing', async () => {
    const id = await subscribed('txn_1');
    expect(await service().resume('ada@example.com', id)).toMatchObject({ cancelAtPeriodEnd: false });
    expect(sent).toEqual([]);
    await service().cancel('ada@example.com', id, { reason: null, channel: 'account' });
    expect(await service().resume('ada@example.com', id)).toMatchObject({ cancelAtPeriodEnd: false });
    expect(sent).toEqual([`cancelled ${id} true`, `resumed ${id} false`]);
  });

  it('cannot resume once the period is over, nor another person’s', async () => {
    const id = await subscribed('txn_1');
    await service().cancel('ada@example.com', id, { reason: null, channel: 'account' });
    expect(await refusal(service().resume('bob@example.com', id))).toMatchObject({ status: 404 });
    clock = new Date('2027-12-01T00:00:00.000Z');
    expect(await refusal(service().resume('ada@example.com', id))).toEqual({ status: 409, code: 'subscription_ended' });
  });
});

describe('SubscriptionService.changeDeliveryAddress', () => {
  const address = { line1: '2 Park Avenue', city: 'New York', postalCode: '10016', country: 'US', region: 'NY' };
  const printIn = (customer: object) => ({
    order: { ...newTransactionFixture({ id: 'x' }).order, offer: ORDERED_OFFERS.newYorkerPrint },
    customer: { ...newTransactionFixture({ id: 'x' }).customer, ...customer },
  });
  const texas = { country: 'US', region: 'TX', address: { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701' } };

  it('changes where a print subscription is delivered, to another state, with its e-mail', async () => {
    const id = await subscribed('txn_print', printIn(texas));
    expect((await service().changeDeliveryAddress('ada@example.com', id, address)).deliveryAddress).toEqual(address);
    expect(sent).toEqual([`address ${id} 2 Park Avenue`]);
  });

  it('keeps the country and state of an address sent without them, and refuses a move abroad', async () => {
    const id = await subscribed('txn_print', printIn(texas));
    const { country: _us, region: _ny, ...bare } = address;
    expect((await service().changeDeliveryAddress('ada@example.com', id, bare)).deliveryAddress).toEqual({
      ...bare,
      country: 'US',
      region: 'TX',
    });
    const berlin = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };
    expect(await refusal(service().changeDeliveryAddress('ada@example.com', id, berlin))).toEqual({ status: 400, code: 'country_change' });
    expect(await refusal(service().changeDeliveryAddress('ada@example.com', id, { ...address, region: 'XX' }))).toEqual({
      status: 400,
      code: 'invalid_address',
    });
    expect(sent).toEqual([`address ${id} 2 Park Avenue`]);
  });

  it('refuses a digital subscription, and another person’s', async () => {
    const id = await subscribed('txn_digital');
    expect(await refusal(service().changeDeliveryAddress('ada@example.com', id, address))).toEqual({ status: 409, code: 'not_print' });
    expect(await refusal(service().changeDeliveryAddress('eve@example.com', id, address))).toMatchObject({ status: 404 });
  });
});

describe('SubscriptionService.changeCard', () => {
  const sandboxCard = (number: string) => ({
    payment: { kind: 'sandbox-card' as const, number, expMonth: 12, expYear: 2034, cvc: '123' },
    idempotencyKey: `key-${number}-${Math.random()}`,
  });
  const cards = () => [paypal, new SandboxGateway(db, async () => undefined, now)];
  /** A test-mode card subscription bought through the sandbox. */
  const cardSubscription = () => subscribed('txn_card', { livemode: false });

  it('records the new card, how it is shown and the e-mail in one transaction, charging nothing', async () => {
    const id = await cardSubscription();
    const changed = await service(cards()).changeCard('ada@example.com', id, sandboxCard('5555 5555 5555 4444'));
    expect(changed.status).toBe('saved');
    const now = (await record(id))!;
    expect(now.payment).toEqual({ method: 'card', brand: 'mastercard', last4: '4444' });
    expect(now.instrument).toMatchObject({ kind: 'sandbox-card', paymentIntentId: expect.stringMatching(/^pi_sandbox_/) });
    expect(now.needsPaymentMethod).toBe(false);
    expect(now.gateway).toBe('sandbox');
    // The notice saw the record as changed, inside the change's transaction.
    expect(sent).toEqual([`card ${id} ${JSON.stringify(now.payment)} ${JSON.stringify(now.instrument)}`]);
    const saved = await db
      .selectFrom('sandbox_payment_intents')
      .select(['amount', 'status'])
      .where('id', '=', (now.instrument as { paymentIntentId: string }).paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ amount: 0, status: 'succeeded' });
  });

  it('clears needs_payment_method once a card is held', async () => {
    const id = await cardSubscription();
    await db.updateTable('subscriptions').set({ needs_payment_method: 1, instrument_json: null }).where('id', '=', id).execute();
    await service(cards()).changeCard('ada@example.com', id, sandboxCard('4242 4242 4242 4242'));
    expect((await record(id))!.needsPaymentMethod).toBe(false);
  });

  it('changes nothing when the e-mail cannot be written: the card and its notice commit together', async () => {
    const id = await cardSubscription();
    const before = await record(id);
    failNotice = true;
    await expect(service(cards()).changeCard('ada@example.com', id, sandboxCard('5555 5555 5555 4444'))).rejects.toThrow(/outbox/);
    expect((await record(id))!.payment).toEqual(before!.payment);
    expect((await record(id))!.instrument).toEqual(before!.instrument);
  });

  it('refuses a declined card with its code and message, and changes nothing', async () => {
    const id = await cardSubscription();
    const before = await record(id);
    expect(await refusal(service(cards()).changeCard('ada@example.com', id, sandboxCard('4000 0000 0000 9995')))).toEqual({
      status: 402,
      code: 'insufficient_funds',
    });
    expect(await record(id)).toEqual(before);
    expect(sent).toEqual([]);
  });

  it("answers another person's subscription with the 404 of one that does not exist", async () => {
    const id = await cardSubscription();
    expect(await refusal(service(cards()).changeCard('mallory@example.com', id, sandboxCard('4242 4242 4242 4242')))).toEqual({
      status: 404,
      code: 'subscription_not_found',
    });
    expect(await db.selectFrom('sandbox_payment_intents').select('id').where('amount', '=', 0).execute()).toEqual([]);
  });

  it('refuses a wallet subscription with 409 and says where it is changed', async () => {
    const id = await paypalSubscription();
    const refused = service(cards()).changeCard('ada@example.com', id, sandboxCard('4242 4242 4242 4242'));
    await expect(refused).rejects.toMatchObject({ status: 409, code: 'not_card', message: expect.stringContaining('PayPal') });
  });

  it('refuses one that has ended, changing nothing', async () => {
    const id = await cardSubscription();
    const before = await record(id);
    await service(cards()).cancel('ada@example.com', id, { reason: null, channel: 'account' });
    clock = new Date('2027-11-27T10:00:00.000Z');
    expect(await refusal(service(cards()).changeCard('ada@example.com', id, sandboxCard('4242 4242 4242 4242')))).toEqual({
      status: 409,
      code: 'subscription_ended',
    });
    expect((await record(id))!.instrument).toEqual(before!.instrument);
  });

  it('refuses sandbox card fields when the sandbox is not the card gateway, and a live subscription in the sandbox', async () => {
    const test = await cardSubscription();
    expect(await refusal(service([paypal]).changeCard('ada@example.com', test, sandboxCard('4242 4242 4242 4242')))).toEqual({
      status: 400,
      code: 'payment_method_mismatch',
    });
    const live = await subscribed('txn_live');
    expect(await refusal(service(cards()).changeCard('ada@example.com', live, sandboxCard('4242 4242 4242 4242')))).toEqual({
      status: 503,
      code: 'payments_unavailable',
    });
  });
});

describe("SubscriptionService.changeCard through the sandbox bank's page", () => {
  const sandboxCard = (number: string) => ({
    payment: { kind: 'sandbox-card' as const, number, expMonth: 12, expYear: 2034, cvc: '123' },
    idempotencyKey: `key-${number}-${Math.random()}`,
  });
  let sandbox: SandboxGateway;
  beforeEach(() => {
    sandbox = new SandboxGateway(db, async () => undefined, now);
  });
  /** Stripe listed first: a sandbox setup must still be read by the sandbox, never sent to Stripe. */
  const stripeFirst: PaymentGateway = {
    name: 'stripe',
    inputKinds: ['stripe-payment-method'],
    setupIds: /^seti_/,
    charge: async () => {
      throw new Error('not this gateway');
    },
    retrieve: async () => {
      throw new Error('not this gateway');
    },
    lookupAttempt: async () => ({ kind: 'nothing' }),
    savedCard: async () => {
      throw new Error('a sandbox setup was sent to Stripe');
    },
  };
  const cards = () => service([stripeFirst, paypal, sandbox]);
  const pendingSetup = async (id: string, number: string) => {
    const pending = await cards().changeCard('ada@example.com', id, sandboxCard(number));
    expect(pending).toMatchObject({
      status: 'requires_action',
      action: { type: 'redirect', url: expect.stringMatching(/^\/sandbox\/authenticate\//) },
    });
    return pending.status === 'requires_action' ? pending.setupId : '';
  };

  it('records the card once the bank approved it, for this subscription only, with one e-mail however often it is confirmed', async () => {
    const id = await subscribed('txn_3ds', { livemode: false });
    const other = await subscribed('txn_3ds_other', { livemode: false });
    const before = await record(id);
    const setupId = await pendingSetup(id, '4000 0025 0000 3155');
    // Not answered on the bank's page yet: nothing changes.
    expect(await refusal(cards().confirmCard('ada@example.com', id, setupId))).toEqual({ status: 409, code: 'authentication_required' });
    expect(await record(id)).toEqual(before);
    await sandbox.authenticate(setupId, 'approve');
    // Another subscription (the same owner's) cannot take this setup.
    expect(await refusal(cards().confirmCard('ada@example.com', other, setupId))).toEqual({ status: 404, code: 'setup_not_found' });
    const saved = await cards().confirmCard('ada@example.com', id, setupId);
    expect(saved.status).toBe('saved');
    expect(await record(id)).toMatchObject({
      gateway: 'sandbox',
      instrument: { kind: 'sandbox-card', paymentIntentId: setupId },
      payment: { method: 'card', brand: 'visa', last4: '3155' },
    });
    // Confirmed again (a reload, a second tab): the same card, no second e-mail.
    expect((await cards().confirmCard('ada@example.com', id, setupId)).status).toBe('saved');
    expect(sent.filter((line) => line.startsWith(`card ${id}`))).toHaveLength(1);
  });

  it('keeps the old card when the bank fails the check, says why in words, and takes another card next', async () => {
    const id = await subscribed('txn_3ds_fail', { livemode: false });
    const before = await record(id);
    const setupId = await pendingSetup(id, '4000 0025 0000 3155');
    await sandbox.authenticate(setupId, 'fail');
    await expect(cards().confirmCard('ada@example.com', id, setupId)).rejects.toMatchObject({
      status: 402,
      code: 'authentication_failed',
      message: "Your bank could not confirm this card. Please try again or use a different card. Your subscription's card was not changed.",
    });
    expect(await record(id)).toEqual(before);
    expect(sent).toEqual([]);
    expect((await cards().changeCard('ada@example.com', id, sandboxCard('5555 5555 5555 4444'))).status).toBe('saved');
    expect((await record(id))!.payment).toEqual({ method: 'card', brand: 'mastercard', last4: '4444' });
  });

  it("declines a card the bank approved but the issuer refuses (4000 0084 0000 1629) with the checkout's reason", async () => {
    const id = await subscribed('txn_3ds_decline', { livemode: false });
    const setupId = await pendingSetup(id, '4000 0084 0000 1629');
    await sandbox.authenticate(setupId, 'approve');
    expect(await refusal(cards().confirmCard('ada@example.com', id, setupId))).toEqual({ status: 402, code: 'generic_decline' });
  });

  it("knows no card change in a checkout's payment, nor a sandbox setup for a live subscription", async () => {
    const id = await subscribed('txn_3ds_checkout', { livemode: false });
    const charged = await sandbox.charge(
      chargeRequestFixture({ idempotencyKey: 'k-checkout', payment: sandboxCard('4242 4242 4242 4242').payment }),
    );
    expect(await refusal(cards().confirmCard('ada@example.com', id, charged.paymentId!))).toEqual({ status: 404, code: 'setup_not_found' });
    const live = await subscribed('txn_3ds_live');
    const setupId = await pendingSetup(id, '4000 0025 0000 3155');
    await sandbox.authenticate(setupId, 'approve');
    expect(await refusal(cards().confirmCard('ada@example.com', live, setupId))).toEqual({ status: 404, code: 'setup_not_found' });
  });
});

describe('SubscriptionService.changeCard with Stripe', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => fake.close());
  const stripe = () => new StripeGateway({ test: 'sk_test_fake' }, fake.connection);
  const stripeSubscription = (id: string) =>
    subscribed(id, { livemode: false, gateway: 'stripe' }, { kind: 'stripe', customerId: 'cus_existing', paymentMethodId: 'pm_old' });
  const stripeCard = (paymentMethodId: string) => ({
    payment: { kind: 'stripe-payment-method' as const, paymentMethodId },
    idempotencyKey: `key-${Math.random()}`,
  });

  it("saves the card on the subscription's customer after 3-D Secure, for this subscription only, with one e-mail", async () => {
    const id = await stripeSubscription('txn_stripe');
    const other = await subscribed('txn_other', { livemode: false, gateway: 'stripe' });
    const pending = await service([stripe()]).changeCard('ada@example.com', id, stripeCard('pm_card_threeDSecureRequired'));
    expect(pending).toMatchObject({ status: 'requires_action', action: { type: 'stripe_sdk' } });
    const setupId = pending.status === 'requires_action' ? pending.setupId : '';
    // Not authenticated yet: nothing changes.
    expect(await refusal(service([stripe()]).confirmCard('ada@example.com', id, setupId))).toEqual({
      status: 409,
      code: 'authentication_required',
    });
    fake.completeAuthentication(setupId);
    // Another subscription (the same owner's) cannot take this setup.
    expect(await refusal(service([stripe()]).confirmCard('ada@example.com', other, setupId))).toEqual({
      status: 404,
      code: 'setup_not_found',
    });
    const saved = await service([stripe()]).confirmCard('ada@example.com', id, setupId);
    expect(saved.status).toBe('saved');
    expect(await record(id)).toMatchObject({
      gateway: 'stripe',
      instrument: { kind: 'stripe', customerId: 'cus_existing', paymentMethodId: 'pm_card_threeDSecureRequired' },
      payment: { method: 'card', brand: 'visa', last4: '4242' },
    });
    // Confirmed again (a second tab): the same card, no second e-mail.
    await service([stripe()]).confirmCard('ada@example.com', id, setupId);
    expect(sent.filter((line) => line.startsWith(`card ${id}`))).toHaveLength(1);
  });
});
