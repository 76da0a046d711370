import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { testDb } from '@/tests/fixtures/testDb';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import type { MailKind } from '@/lib/mail/mailKinds';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import type { Database } from '@/lib/server/db/schema';
import type { GatewayEvent, PaymentGateway, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { gatewayEventFrom } from '@/lib/server/payments/paypal/paypalEvents';
import { SandboxWalletGateway, type WalletOutcome } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { DEFAULT_RETRY_DAYS } from '@/lib/subscriptions/renewalPolicy';
import { applyProviderEvent } from './providerRenewalEvents';
import { runDueRenewals, runRenewalsOf, type RenewalDeps } from './renewalEngine';

const DAY = 24 * 3600_000;
let snapshot: CatalogueSnapshot;
let db: Kysely<Database>;
let clock: Date;
const now = () => clock;
let paypal: SandboxWalletGateway;
let amazon: SandboxWalletGateway;

const deps = (gateways: PaymentGateway[] = [paypal, amazon]): RenewalDeps => ({
  db,
  gateways,
  now,
  policy: { retryDays: DEFAULT_RETRY_DAYS, graceDays: 14 },
  concurrency: 4,
  origin: 'https://subscribe.example.com',
});

beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(async () => {
  db = await testDb();
  clock = new Date('2026-11-21T12:00:00Z');
  // As in the server: the sandbox wallets' events go through the same handling as PayPal's webhooks.
  const emit = async (event: GatewayEvent) => void (await applyProviderEvent(deps(), event));
  paypal = new SandboxWalletGateway('paypal', db, emit, now);
  amazon = new SandboxWalletGateway('amazon-pay', db, emit, now);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.destroy();
});

/** Buys Vogue Digital (yearly) in test mode with a sandbox wallet, answered on its page; answers the subscription id. */
async function buy(wallet: SandboxWalletGateway, outcome: WalletOutcome = 'approve', email = 'ada@example.com'): Promise<string> {
  const input = submitRequestFixture({
    idempotencyKey: randomUUID(),
    billing: { email, firstName: 'Ada', lastName: 'Lovelace', country: 'GB' },
    payment: { kind: wallet.wallet },
  });
  const { response } = await submitCheckout({ db, gateways: [wallet], now }, snapshot, submitRequestSchema.parse(input));
  expect(response.status).toBe('requires_action');
  const payment = await db.selectFrom('sandbox_wallet_payments').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  await wallet.answer(payment.id, outcome);
  const row = await db.selectFrom('subscriptions').select('id').where('billing_email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

const subscription = async (id: string) => (await new SubscriptionRepository(db).findById(id))!;
const renewalsOf = (id: string) => db.selectFrom('transactions').selectAll().where('renewal_of', '=', id).execute();
const mails = (kind: MailKind) => db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();
const at = (iso: string, days = 0) => (clock = new Date(Date.parse(iso) + days * DAY));

describe('the sandbox PayPal renews by itself, through PayPal’s webhook events', () => {
  it('renews at its period end: the sale recorded as our renewal (invoice, period, receipt), once', async () => {
    const id = await buy(paypal);
    const bought = await subscription(id);
    // Due at once: the engine decides its first step (Vogue Digital's promotional year: a notice before it ends).
    expect(bought.nextActionAt).toBe(bought.createdAt);
    at(bought.currentPeriodEnd);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['notice (renewal)', 'renewed at the provider'] }]);

    const renewed = await subscription(id);
    expect(renewed).toMatchObject({
      status: 'active',
      currentPeriodStart: bought.currentPeriodEnd,
      // Next: the notice of a year's term renewing, 30 days before it.
      nextActionAt: new Date(Date.parse(renewed.currentPeriodEnd) - 30 * DAY).toISOString(),
    });
    const [invoice] = await renewalsOf(id);
    expect(invoice).toMatchObject({ status: 'succeeded', gateway: 'sandbox-paypal', period_start: bought.currentPeriodEnd });
    expect(invoice!.invoice_number).toMatch(/^US-TEST-/);
    expect(invoice!.gateway_payment_id).toMatch(/^SALE-/);
    const [receipt] = await mails('renewal-receipt');
    expect(receipt!.body_text).toContain(invoice!.invoice_number!);

    // The sandbox asked again for the same period (a run that died before it released): the same events, applied once.
    await paypal.renewAtProvider!({
      instrument: bought.instrument!,
      amount: invoice!.total,
      currencyCode: 'USD',
      livemode: false,
      periodStart: bought.currentPeriodEnd,
      failedPayments: 0,
      at: clock,
    });
    expect(await renewalsOf(id)).toHaveLength(1);
    expect(await mails('renewal-receipt')).toHaveLength(1);
    expect((await subscription(id)).currentPeriodEnd).toBe(renewed.currentPeriodEnd);
  });

  it('approved with “renewals will fail”: past due as PayPal retries (never us), then suspended after its third failure, ended unpaid', async () => {
    const id = await buy(paypal, 'approve-renewals-fail');
    const periodEnd = (await subscription(id)).currentPeriodEnd;
    at(periodEnd);
    expect(await runDueRenewals(deps())).toMatchObject([{ steps: ['notice (renewal)', 'failed at the provider'] }]);
    const pastDue = await subscription(id);
    expect(pastDue).toMatchObject({
      status: 'past_due',
      dunning: { tries: 1, pastDueSince: periodEnd, retryAt: null, failureCode: 'wallet_declined' },
    });
    // The sandbox PayPal's own retry, 5 days later, is the engine's next step (so the test clock moves it).
    expect(pastDue.nextActionAt).toBe(new Date(Date.parse(periodEnd) + 5 * DAY).toISOString());
    const [notice] = await mails('renewal-failed');
    expect(notice!.body_text).toContain('PayPal could not take the payment.');
    expect(notice!.body_text).toContain('PayPal will try again');
    expect(notice!.body_text).toContain('under Automatic payments');
    expect(notice!.body_text).not.toContain('Ends unless paid by');
    expect(notice!.link).toBe('https://www.sandbox.paypal.com/myaccount/autopay/');

    at(periodEnd, 5);
    expect(await runDueRenewals(deps())).toMatchObject([{ steps: ['failed at the provider'] }]);
    expect((await subscription(id)).dunning.tries).toBe(2);
    at(periodEnd, 10);
    expect(await runDueRenewals(deps())).toMatchObject([{ steps: ['ended at the provider'] }]);
    expect(await subscription(id)).toMatchObject({ status: 'ended', endReason: 'payment_failed', nextActionAt: null });
    expect(await mails('renewal-failed')).toHaveLength(1);
    expect(await mails('renewal-ended')).toHaveLength(1);
    expect(await renewalsOf(id)).toMatchObject([{ status: 'failed', failure_code: 'wallet_declined', invoice_number: null }]);
  });

  it('ends a cancelled one at its period end, cancelling it at the sandbox PayPal first', async () => {
    const id = await buy(paypal);
    const bought = await subscription(id);
    await db.updateTable('subscriptions').set({ cancel_at_period_end: 1, provider_paused: 1 }).where('id', '=', id).execute();
    at(bought.currentPeriodEnd);
    expect(await runDueRenewals(deps())).toMatchObject([{ steps: ['ended (cancelled)'] }]);
    expect(await subscription(id)).toMatchObject({ status: 'ended', endReason: 'cancelled', endedAt: bought.currentPeriodEnd });
    const paymentId = (bought.instrument as Extract<RenewalInstrument, { kind: 'sandbox-wallet' }>).paymentId;
    const agreement = await db.selectFrom('sandbox_wallet_payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
    expect(agreement.renewals_cancelled_at).toBe(bought.currentPeriodEnd);
    expect(await renewalsOf(id)).toEqual([]);
  });

  it('leaves a cancelled one unended while the provider cannot be told, and ends it once it can', async () => {
    const id = await buy(paypal);
    await db.updateTable('subscriptions').set({ cancel_at_period_end: 1 }).where('id', '=', id).execute();
    at((await subscription(id)).currentPeriodEnd);
    let reachable = false;
    const flaky: PaymentGateway = {
      name: paypal.name,
      inputKinds: paypal.inputKinds,
      charge: (request) => paypal.charge(request),
      retrieve: (paymentId) => paypal.retrieve(paymentId),
      lookupAttempt: (attempt) => paypal.lookupAttempt(attempt),
      cancelRenewals: async (instrument) => {
        if (!reachable) throw new Error('ECONNRESET');
        await paypal.cancelRenewals!(instrument);
      },
    };
    expect(await runRenewalsOf(deps([flaky]), id)).toEqual({ subscriptionId: id, steps: ['left: sandbox-paypal did not cancel'] });
    const left = await subscription(id);
    expect(left.status).toBe('active');
    expect(Date.parse(left.nextActionAt!)).toBe(clock.getTime() + 5 * 60_000);
    reachable = true;
    expect(await runRenewalsOf(deps([flaky]), id)).toEqual({ subscriptionId: id, steps: ['ended (cancelled)'] });
  });
});

describe('PayPal’s own webhook events move a subscription whose purchase is settled', () => {
  const SUBSCRIPTION = 'I-BW452GLLEP1G';
  let id: string;
  let n = 0;
  const deliver = (eventType: string, resource: object) =>
    applyProviderEvent(deps(), gatewayEventFrom({ id: `WH-${(n += 1)}`, event_type: eventType, resource })!);
  const sale = (saleId: string, createTime: string) => ({ id: saleId, billing_agreement_id: SUBSCRIPTION, create_time: createTime });
  const failed = (count: number) => ({ id: SUBSCRIPTION, status: 'ACTIVE', billing_info: { failed_payments_count: count } });

  beforeEach(async () => {
    // A subscription PayPal renews: bought through the sandbox, then made PayPal's.
    id = await buy(paypal);
    const { transactionId } = await subscription(id);
    await db
      .updateTable('transactions')
      .set({ gateway: 'paypal', gateway_payment_id: SUBSCRIPTION })
      .where('id', '=', transactionId)
      .execute();
    await db
      .updateTable('subscriptions')
      .set({ gateway: 'paypal', instrument_json: JSON.stringify({ kind: 'paypal', subscriptionId: SUBSCRIPTION }) })
      .where('id', '=', id)
      .execute();
  });

  it('tells the first period’s sale (the purchase) from a renewal’s, and records each renewal once', async () => {
    const bought = await subscription(id);
    expect(await deliver('PAYMENT.SALE.COMPLETED', sale('SALE-FIRST', clock.toISOString()))).toBe('applied');
    expect(await renewalsOf(id)).toEqual([]);
    // The purchase's own sale is kept on it: a refund of the purchase names it.
    const purchase = await db
      .selectFrom('transactions')
      .select('provider_charge_id')
      .where('id', '=', bought.transactionId)
      .executeTakeFirstOrThrow();
    expect(purchase.provider_charge_id).toBe('SALE-FIRST');

    at(bought.currentPeriodEnd, 0.2);
    expect(await deliver('PAYMENT.SALE.COMPLETED', sale('SALE-2', clock.toISOString()))).toBe('applied');
    const renewed = await subscription(id);
    expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: bought.currentPeriodEnd });
    expect(await renewalsOf(id)).toMatchObject([{ status: 'succeeded', gateway: 'paypal', gateway_payment_id: 'SALE-2' }]);

    // A redelivery (another event id for the same sale) and the same event again change nothing.
    expect(await deliver('PAYMENT.SALE.COMPLETED', sale('SALE-2', clock.toISOString()))).toBe('applied');
    const again = gatewayEventFrom({ id: 'WH-SAME', event_type: 'PAYMENT.SALE.COMPLETED', resource: sale('SALE-2', clock.toISOString()) })!;
    expect(await applyProviderEvent(deps(), again)).toBe('applied');
    expect(await applyProviderEvent(deps(), again)).toBe('duplicate');
    expect(await renewalsOf(id)).toHaveLength(1);
    expect(await mails('renewal-receipt')).toHaveLength(1);
    expect((await subscription(id)).currentPeriodEnd).toBe(renewed.currentPeriodEnd);
  });

  it('mirrors a failed payment as past due (PayPal retries, not us), and a later sale recovers it', async () => {
    const { currentPeriodEnd } = await subscription(id);
    at(currentPeriodEnd, 0.1);
    await deliver('BILLING.SUBSCRIPTION.PAYMENT.FAILED', failed(1));
    await deliver('BILLING.SUBSCRIPTION.PAYMENT.FAILED', failed(1));
    expect(await subscription(id)).toMatchObject({
      status: 'past_due',
      dunning: { tries: 1, retryAt: null, failureCode: 'wallet_declined' },
    });
    at(currentPeriodEnd, 5);
    await deliver('BILLING.SUBSCRIPTION.PAYMENT.FAILED', failed(2));
    expect((await subscription(id)).dunning.tries).toBe(2);
    expect(await mails('renewal-failed')).toHaveLength(1);
    // The engine has nothing to do for it: PayPal retries.
    expect(await runRenewalsOf(deps(), id)).toEqual({ subscriptionId: id, steps: [] });

    at(currentPeriodEnd, 6);
    await deliver('PAYMENT.SALE.COMPLETED', sale('SALE-LATE', clock.toISOString()));
    expect(await subscription(id)).toMatchObject({ status: 'active', currentPeriodStart: currentPeriodEnd, dunning: { tries: 0 } });
    expect(await renewalsOf(id)).toMatchObject([{ status: 'succeeded', failure_code: 'wallet_declined' }]);
    const [receipt] = await mails('renewal-receipt');
    expect(receipt!.body_text).toContain('active again');
  });

  it('ends it unpaid when PayPal suspends it, but not for our own pause of a cancelled one', async () => {
    await db.updateTable('subscriptions').set({ cancel_at_period_end: 1, provider_paused: 1 }).where('id', '=', id).execute();
    await deliver('BILLING.SUBSCRIPTION.SUSPENDED', { id: SUBSCRIPTION, status: 'SUSPENDED' });
    expect((await subscription(id)).status).toBe('active');

    await db.updateTable('subscriptions').set({ cancel_at_period_end: 0, provider_paused: 0 }).where('id', '=', id).execute();
    await deliver('BILLING.SUBSCRIPTION.SUSPENDED', { id: SUBSCRIPTION, status: 'SUSPENDED' });
    expect(await subscription(id)).toMatchObject({ status: 'ended', endReason: 'payment_failed', endedAt: clock.toISOString() });
    expect(await mails('renewal-ended')).toHaveLength(1);
  });

  it('ends it when the buyer cancels in their PayPal account; a cancelled one ends at its period end as before', async () => {
    await deliver('BILLING.SUBSCRIPTION.CANCELLED', { id: SUBSCRIPTION, status: 'CANCELLED' });
    expect(await subscription(id)).toMatchObject({ status: 'ended', endReason: 'cancelled', endedAt: clock.toISOString() });
    expect(await mails('renewal-ended')).toEqual([]);
  });

  it('makes a noticed new price theirs with the renewal it applies from, as the invoice of that renewal says', async () => {
    const bought = await subscription(id);
    await db
      .updateTable('subscriptions')
      .set({ pending_renewal_amount: bought.renewalAmount + 500, pending_price_from: bought.currentPeriodEnd })
      .where('id', '=', id)
      .execute();
    at(bought.currentPeriodEnd, 0.2);
    await deliver('PAYMENT.SALE.COMPLETED', sale('SALE-2', clock.toISOString()));
    expect(await subscription(id)).toMatchObject({ renewalAmount: bought.renewalAmount + 500, pendingPrice: null });
    const [invoice] = await renewalsOf(id);
    expect(invoice!.subtotal).toBeGreaterThan(0);
    // The next renewal's invoice is at the noticed price too, not back at the old one.
    const next = (await subscription(id)).currentPeriodEnd;
    at(next, 0.2);
    await deliver('PAYMENT.SALE.COMPLETED', sale('SALE-3', clock.toISOString()));
    const invoices = await renewalsOf(id);
    expect(invoices.map((row) => row.subtotal)).toEqual([invoice!.subtotal, invoice!.subtotal]);
  });

  it('has the engine schedule the next year’s renewal notice after PayPal’s sale', async () => {
    const bought = await subscription(id);
    await runDueRenewals(deps());
    at(bought.currentPeriodEnd, 0.2);
    await runDueRenewals(deps());
    await deliver('PAYMENT.SALE.COMPLETED', sale('SALE-2', clock.toISOString()));
    await runDueRenewals(deps());
    const renewed = await subscription(id);
    expect(renewed.currentPeriodStart).toBe(bought.currentPeriodEnd);
    // A year's term renewing is noticed 30 days before it.
    expect(renewed.nextActionAt).toBe(new Date(Date.parse(renewed.currentPeriodEnd) - 30 * DAY).toISOString());
  });

  it('leaves the engine nothing to do once PayPal ended it, whenever it was next due', async () => {
    const before = (await db.selectFrom('outbox').select('id').execute()).length;
    await deliver('BILLING.SUBSCRIPTION.CANCELLED', { id: SUBSCRIPTION, status: 'CANCELLED' });
    const ended = await subscription(id);
    if (ended.nextActionAt) at(ended.nextActionAt);
    expect(await runRenewalsOf(deps(), id)).toEqual({ subscriptionId: id, steps: [] });
    expect(await subscription(id)).toMatchObject({ status: 'ended', nextActionAt: null });
    expect(await db.selectFrom('outbox').select('id').execute()).toHaveLength(before);
  });

  it('never makes one that ended meanwhile active again with a late sale', async () => {
    const bought = await subscription(id);
    at(bought.currentPeriodEnd, 0.2);
    // The event read the record before customer care ended it.
    vi.spyOn(SubscriptionRepository.prototype, 'findById').mockResolvedValueOnce(bought);
    await new SubscriptionRepository(db, now).markEndedNow(bought, { at: clock, reason: 'ended_by_care' });
    await deliver('PAYMENT.SALE.COMPLETED', sale('SALE-2', clock.toISOString()));
    expect(await subscription(id)).toMatchObject({
      status: 'ended',
      endReason: 'ended_by_care',
      currentPeriodEnd: bought.currentPeriodEnd,
    });
    // The money PayPal took is recorded (a refund names it); no receipt tells of a renewal that did not happen.
    expect(await renewalsOf(id)).toMatchObject([{ status: 'succeeded', gateway_payment_id: 'SALE-2' }]);
    expect(await mails('renewal-receipt')).toEqual([]);
  });

  it('leaves an event for a purchase still open to the checkout', async () => {
    await db.updateTable('transactions').set({ status: 'requires_action' }).where('gateway_payment_id', '=', SUBSCRIPTION).execute();
    expect(await deliver('BILLING.SUBSCRIPTION.PAYMENT.FAILED', failed(1))).toBe('applied');
    expect((await subscription(id)).status).toBe('active');
    const purchase = await db
      .selectFrom('transactions')
      .selectAll()
      .where('gateway_payment_id', '=', SUBSCRIPTION)
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ status: 'failed', failure_code: 'wallet_declined' });
  });
});

describe('the sandbox Amazon Pay renews through our engine', () => {
  it('charges the renewal on its agreement', async () => {
    const id = await buy(amazon);
    const { currentPeriodEnd } = await subscription(id);
    at(currentPeriodEnd);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['notice (renewal)', 'renewed'] }]);
    expect(await renewalsOf(id)).toMatchObject([{ status: 'succeeded', gateway: 'sandbox-amazon-pay' }]);
  });

  it('approved with “renewals will fail”: a hard decline, Amazon’s wording, and tried again on the schedule', async () => {
    const id = await buy(amazon, 'approve-renewals-fail');
    const { currentPeriodEnd } = await subscription(id);
    at(currentPeriodEnd);
    expect(await runDueRenewals(deps())).toMatchObject([{ steps: ['notice (renewal)', 'failed (wallet_declined)'] }]);
    // The buyer changes the payment method at Amazon, which we cannot see: the next try charges it.
    expect(await subscription(id)).toMatchObject({
      status: 'past_due',
      dunning: { failureCode: 'wallet_declined', retryAt: new Date(Date.parse(currentPeriodEnd) + DAY).toISOString() },
    });
    const [notice] = await mails('renewal-failed');
    expect(notice!.body_text).toContain('Amazon Pay declined the payment.');
    expect(notice!.body_text).toContain('in your Amazon account, under Amazon Pay');
    expect(notice!.body_text).toContain('We will try again on');
    expect(notice!.link).toBe('https://pay.amazon.com/');
  });
});
