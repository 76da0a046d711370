import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import type { Database } from '@/lib/server/db/schema';
import type { ChargeRequest, GatewayEvent } from '@/lib/server/payments/PaymentGateway';
import { authenticationRedirect } from './authenticationRedirect';
import { SANDBOX_WALLET_PAYMENT_ID, SandboxWalletGateway, sandboxWalletPath } from './SandboxWalletGateway';

let db: Kysely<Database>;
let events: GatewayEvent[];
let paypal: SandboxWalletGateway;
let amazon: SandboxWalletGateway;

beforeEach(async () => {
  db = await testDb();
  events = [];
  const record = async (event: GatewayEvent) => void events.push(event);
  paypal = new SandboxWalletGateway('paypal', db, record);
  amazon = new SandboxWalletGateway('amazon-pay', db, record);
});
afterEach(async () => db.destroy());

let keys = 0;
const request = (overrides: Partial<ChargeRequest> = {}) =>
  chargeRequestFixture({ idempotencyKey: `key-${(keys += 1)}`, payment: { kind: 'paypal' }, ...overrides });

describe('SandboxWalletGateway', () => {
  it('names itself after its wallet and takes only that wallet', async () => {
    expect([paypal.name, paypal.inputKinds]).toEqual(['sandbox-paypal', ['paypal']]);
    expect([amazon.name, amazon.inputKinds]).toEqual(['sandbox-amazon-pay', ['amazon-pay']]);
    await expect(amazon.charge(request())).rejects.toThrow('takes amazon-pay payments only');
  });

  it('asks the visitor to approve on the sandbox page, once per attempt', async () => {
    const first = await paypal.charge(request({ idempotencyKey: 'attempt-a' }));
    expect(first.status).toBe('requires_action');
    if (first.status !== 'requires_action') return;
    expect(first.paymentId).toMatch(SANDBOX_WALLET_PAYMENT_ID);
    expect(first.action).toEqual({ type: 'redirect', url: sandboxWalletPath(first.paymentId!) });
    expect(await paypal.charge(request({ idempotencyKey: 'attempt-a' }))).toEqual(first);
    expect(await db.selectFrom('sandbox_wallet_payments').select('id').execute()).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it('makes a subscription of a renewing offer and an order of a purchase that does not renew', async () => {
    const renewing = await paypal.charge(request());
    const oneOff = await paypal.charge(request({ purchase: { offerId: 'x', name: 'Single issue', renewal: null, trialDays: null } }));
    const flowOf = async (result: typeof renewing) => (await paypal.find(result.paymentId!))?.flow;
    expect([await flowOf(renewing), await flowOf(oneOff)]).toEqual(['subscription', 'order']);
  });

  it.each([
    ['approve', 'succeeded', 'payment.succeeded', undefined, '/vogue/demo-single/success'],
    ['cancel', 'failed', 'payment.failed', 'cancelled', '/vogue/demo-single/credit-card?payment_failed=cancelled'],
    ['fail', 'failed', 'payment.failed', 'wallet_declined', '/vogue/demo-single/credit-card?payment_failed=wallet_declined'],
  ] as const)(
    '%s: the payment ends %s, is reported once (%s), and the visitor is sent on',
    async (outcome, status, type, failureCode, destination) => {
      const charged = await paypal.charge(request());
      const answered = await paypal.answer(charged.paymentId!, outcome);
      expect(answered?.status).toBe(status);
      expect(authenticationRedirect(answered!)).toBe(destination);
      expect(events).toEqual([
        expect.objectContaining({ gateway: 'sandbox-paypal', type, paymentId: charged.paymentId, ...(failureCode ? { failureCode } : {}) }),
      ]);
      if (!failureCode) expect(events[0]).not.toHaveProperty('failureCode');
      expect((await paypal.retrieve(charged.paymentId!)).status).toBe(status);
    },
  );

  it('keeps the first answer: an approval replayed, or a cancel after it, changes nothing and reports nothing', async () => {
    const charged = await paypal.charge(request());
    await paypal.answer(charged.paymentId!, 'approve');
    const again = await paypal.answer(charged.paymentId!, 'approve');
    const cancelled = await paypal.answer(charged.paymentId!, 'cancel');
    expect([again?.status, cancelled?.status]).toEqual(['succeeded', 'succeeded']);
    expect(events).toHaveLength(1);
    // A charge of the same attempt after the approval answers the approval.
    expect(await paypal.charge(request({ idempotencyKey: `key-${keys}` }))).toEqual({ status: 'succeeded', paymentId: charged.paymentId });
  });

  it("does not find another wallet's payment", async () => {
    const charged = await paypal.charge(request());
    expect(await amazon.find(charged.paymentId!)).toBeNull();
    expect(await amazon.answer(charged.paymentId!, 'approve')).toBeNull();
    expect(await paypal.answer('wp_sandbox_unknown', 'approve')).toBeNull();
  });

  it('pauses a paid sandbox PayPal subscription on cancel and starts it again on resume; Amazon Pay has nothing to stop', async () => {
    const charged = await paypal.charge(request());
    const instrument = { kind: 'sandbox-wallet' as const, wallet: 'paypal' as const, paymentId: charged.paymentId! };
    await expect(paypal.pauseRenewals(instrument)).rejects.toThrow('no paid subscription');
    await paypal.answer(charged.paymentId!, 'approve');
    const paused = async () =>
      (await db.selectFrom('sandbox_wallet_payments').select('renewals_paused').executeTakeFirstOrThrow()).renewals_paused;
    await paypal.pauseRenewals(instrument);
    await paypal.pauseRenewals(instrument);
    expect(await paused()).toBe(1);
    await paypal.resumeRenewals(instrument);
    expect(await paused()).toBe(0);
    await expect(amazon.pauseRenewals({ kind: 'sandbox-wallet', wallet: 'amazon-pay', paymentId: 'wp_x' })).resolves.toBeUndefined();
  });

  it('keeps how renewals go, as approved on its page: “Approve, renewals will fail” pays today and fails every renewal', async () => {
    const failing = await amazon.charge(request({ payment: { kind: 'amazon-pay' } }));
    const paying = await amazon.charge(request({ payment: { kind: 'amazon-pay' } }));
    expect((await amazon.answer(failing.paymentId!, 'approve-renewals-fail'))?.status).toBe('succeeded');
    await amazon.answer(paying.paymentId!, 'approve');
    expect(events.map((event) => event.type)).toEqual(['payment.succeeded', 'payment.succeeded']);
    const renewal = (paymentId: string, key: string) =>
      amazon.renew!({
        instrument: { kind: 'sandbox-wallet', wallet: 'amazon-pay', paymentId },
        amount: 5000,
        currencyCode: 'USD',
        idempotencyKey: key,
        livemode: false,
        description: 'Vogue: Vogue Digital',
        customer: { email: 'ada@example.com' },
        metadata: { subscriptionId: 'sub_1', transactionId: 'txn_r_1', periodStart: '2027-11-21T12:00:00.000Z' },
      });
    expect(await renewal(failing.paymentId!, 'renewal:a:0')).toMatchObject({ status: 'failed', code: 'wallet_declined' });
    const paid = await renewal(paying.paymentId!, 'renewal:b:0');
    expect(paid).toMatchObject({ status: 'succeeded' });
    // The same key charges once.
    expect(await renewal(paying.paymentId!, 'renewal:b:0')).toEqual(paid);
    expect(await renewal('wp_sandbox_unknown', 'renewal:c:0')).toMatchObject({ status: 'failed', code: 'payment_method_required' });
  });

  it('renews by itself only as the sandbox PayPal (Amazon Pay’s renewals are ours), and cancels for good once', async () => {
    expect([paypal.renew, amazon.renewAtProvider, amazon.cancelRenewals]).toEqual([undefined, undefined, undefined]);
    const charged = await paypal.charge(request());
    const instrument = { kind: 'sandbox-wallet' as const, wallet: 'paypal' as const, paymentId: charged.paymentId! };
    await expect(paypal.cancelRenewals!(instrument)).rejects.toThrow('no such paid subscription');
    await paypal.answer(charged.paymentId!, 'approve');
    await paypal.cancelRenewals!(instrument);
    const first = await paypal.find(charged.paymentId!);
    expect(first?.renewalsCancelledAt).not.toBeNull();
    await paypal.cancelRenewals!(instrument);
    expect((await paypal.find(charged.paymentId!))?.renewalsCancelledAt).toBe(first?.renewalsCancelledAt);
    // A cancelled subscription is billed no more: no event is sent.
    events.length = 0;
    await paypal.renewAtProvider!({
      instrument,
      amount: 5000,
      currencyCode: 'USD',
      livemode: false,
      periodStart: '2027-11-21T12:00:00.000Z',
      failedPayments: 0,
      at: new Date('2027-11-21T12:00:00.000Z'),
    });
    expect(events).toEqual([]);
  });

  it('sends itself PayPal’s events for a renewal: the sale, or the failed payment and, at the third, the suspension', async () => {
    const paying = await paypal.charge(request());
    const failing = await paypal.charge(request());
    await paypal.answer(paying.paymentId!, 'approve');
    await paypal.answer(failing.paymentId!, 'approve-renewals-fail');
    events.length = 0;
    const renewal = (paymentId: string, failedPayments: number) =>
      paypal.renewAtProvider!({
        instrument: { kind: 'sandbox-wallet', wallet: 'paypal', paymentId },
        amount: 5000,
        currencyCode: 'USD',
        livemode: false,
        periodStart: '2027-11-21T12:00:00.000Z',
        failedPayments,
        at: new Date('2027-11-21T12:00:00.000Z'),
      });
    await renewal(paying.paymentId!, 0);
    expect(events).toEqual([
      expect.objectContaining({
        gateway: 'sandbox-paypal',
        type: 'payment.succeeded',
        paymentId: paying.paymentId,
        renewal: { kind: 'paid', saleId: expect.stringMatching(/^SALE-/), at: '2027-11-21T12:00:00.000Z' },
      }),
    ]);
    events.length = 0;
    await renewal(failing.paymentId!, 0);
    await renewal(failing.paymentId!, 2);
    expect(events.map((event) => event.renewal)).toEqual([
      { kind: 'payment-failed', failedPayments: 1, at: '2027-11-21T12:00:00.000Z' },
      { kind: 'payment-failed', failedPayments: 3, at: '2027-11-21T12:00:00.000Z' },
      { kind: 'suspended' },
    ]);
    // Asked again for the same try: the same events (ids), which the handling applies once.
    const ids = events.map((event) => event.id);
    events.length = 0;
    await renewal(failing.paymentId!, 2);
    expect(events.map((event) => event.id)).toEqual(ids.slice(1));
  });
});
