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
});
