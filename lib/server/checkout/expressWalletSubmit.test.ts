import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxCard, submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { db, now, sandbox, setClock, setUpSandboxCheckout, snapshot } from '@/tests/fixtures/sandboxCheckout';
import { renewalDeps } from '@/tests/fixtures/sandboxSubscription';
import { submitRequestSchema, submitRequestSchemaFor, type SubmitRequestInput } from '@/lib/checkout/submitContract';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { runDueRenewals } from '@/lib/server/renewals/renewalEngine';
import { startFakeStripe } from '@/lib/server/payments/stripe/fakeStripe';
import { StripeGateway } from '@/lib/server/payments/stripe/StripeGateway';
import type { ExpressWalletId } from '@/lib/payments/express/expressWallets';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';

setUpSandboxCheckout();

const request = (overrides: Partial<SubmitRequestInput> = {}): SubmitRequestInput =>
  submitRequestFixture({
    idempotencyKey: randomUUID(),
    returnPath: '/vogue/demo-single/credit-card?livemode=false',
    billing: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', country: 'GB' },
    ...sandboxCard('4242424242424242'),
    ...overrides,
  });

/** Buys with the sandbox sheet's card through a wallet; answers the order's transaction id. */
async function buyWith(expressWallet: 'apple-pay' | 'google-pay' | 'link'): Promise<string> {
  const { response } = await submitCheckout(
    { db, gateways: [sandbox], now },
    snapshot,
    submitRequestSchema.parse(request({ expressWallet })),
  );
  expect(response.status).toBe('succeeded');
  return response.transactionId!;
}

const english = serverWords('en-US');

describe('the submit contract with an express wallet', () => {
  it('takes each express wallet, and none', () => {
    for (const expressWallet of ['apple-pay', 'google-pay', 'link'] as const) {
      expect(submitRequestSchemaFor(true).parse(request({ expressWallet })).expressWallet).toBe(expressWallet);
    }
    expect(submitRequestSchema.parse(request()).expressWallet).toBeNull();
    expect(submitRequestSchema.parse(request({ expressWallet: null })).expressWallet).toBeNull();
  });

  it('refuses a wallet it does not know, saying which it takes', () => {
    const parsed = submitRequestSchemaFor(false).safeParse(request({ expressWallet: 'samsung-pay' as never }));
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((candidate) => candidate.path[0] === 'expressWallet');
    expect(issue?.message).toBe('must be one of apple-pay, google-pay, link');
  });

  it('refuses an express wallet on a payment that is not a card (400), charging nothing', async () => {
    const wallet = submitRequestSchema.parse(request({ expressWallet: 'apple-pay', payment: { kind: 'paypal' } }));
    const paypalStandIn = { ...sandbox, name: 'sandbox-paypal', inputKinds: ['paypal'] } as never;
    await expect(submitCheckout({ db, gateways: [sandbox, paypalStandIn], now }, snapshot, wallet)).rejects.toMatchObject({
      status: 400,
      code: 'express_wallet_mismatch',
    });
    expect(await db.selectFrom('transactions').selectAll().execute()).toEqual([]);
  });
});

describe('a card paid through an express wallet', () => {
  it.each([
    ['apple-pay', 'Visa via Apple Pay'],
    ['google-pay', 'Visa via Google Pay'],
    ['link', 'Visa via Link'],
  ] as const)('is a card payment with %s named, on the order and the subscription', async (wallet, name) => {
    const id = await buyWith(wallet);
    const transaction = (await new TransactionRepository(db, now).findById(id))!;
    expect(transaction).toMatchObject({ paymentMethod: 'card', status: 'succeeded' });
    expect(transaction.order.payment).toEqual({ method: 'card', brand: 'visa', last4: '4242', wallet });
    expect(paymentMethodName(transaction.order.payment, english)).toBe(name);
    const row = await db.selectFrom('transactions').select('express_wallet').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.express_wallet).toBe(wallet);

    const subscription = (await new SubscriptionRepository(db).findById(transaction.subscriptionId!))!;
    expect(subscription).toMatchObject({ paymentMethod: 'card', needsPaymentMethod: false });
    expect(paymentMethodName(subscription.payment, english)).toBe(name);
    const kept = await db.selectFrom('subscriptions').select('express_wallet').where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(kept.express_wallet).toBe(wallet);
  });

  it('keeps a typed card without a wallet', async () => {
    const { response } = await submitCheckout({ db, gateways: [sandbox], now }, snapshot, submitRequestSchema.parse(request()));
    const row = await db
      .selectFrom('transactions')
      .select('express_wallet')
      .where('id', '=', response.transactionId!)
      .executeTakeFirstOrThrow();
    expect(row.express_wallet).toBeNull();
  });

  it('renews like a card in the sandbox: the saved card is charged and the renewal names the wallet', async () => {
    const id = await buyWith('apple-pay');
    const transaction = (await new TransactionRepository(db, now).findById(id))!;
    const subscriptions = new SubscriptionRepository(db);
    const bought = (await subscriptions.findById(transaction.subscriptionId!))!;

    setClock(bought.currentPeriodEnd);
    const [run] = await runDueRenewals(renewalDeps());
    expect(run?.steps).toContain('renewed');

    const renewed = (await subscriptions.findById(bought.id))!;
    expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: bought.currentPeriodEnd });
    const [renewal] = await db.selectFrom('transactions').selectAll().where('renewal_of', '=', bought.id).execute();
    expect(renewal).toMatchObject({ status: 'succeeded', payment_method: 'card', express_wallet: 'apple-pay' });
    expect(paymentMethodName(JSON.parse(renewal!.order_json).payment, english)).toBe('Visa via Apple Pay');
  });
});

describe('a card paid through a Stripe wallet (Express Checkout Element)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let stripe: StripeGateway;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = new StripeGateway({ test: 'sk_test_fake' }, fake.connection);
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  /** What the express row submits: the wallet's card as a Stripe payment method, and the wallet the browser says it came from. */
  const stripeWallet = (paymentMethodId: string, expressWallet: ExpressWalletId, overrides: Partial<SubmitRequestInput> = {}) =>
    submitRequestSchema.parse(request({ payment: { kind: 'stripe-payment-method', paymentMethodId }, expressWallet, ...overrides }));

  /** The paid order, its subscription, and the wallet each keeps in its column. */
  async function recorded(transactionId: string) {
    const transaction = (await new TransactionRepository(db, now).findById(transactionId))!;
    const subscription = (await new SubscriptionRepository(db).findById(transaction.subscriptionId!))!;
    const columns = await db
      .selectFrom('transactions')
      .innerJoin('subscriptions', 'subscriptions.id', 'transactions.subscription_id')
      .select(['transactions.express_wallet as order', 'subscriptions.express_wallet as subscription'])
      .where('transactions.id', '=', transactionId)
      .executeTakeFirstOrThrow();
    return { transaction, subscription, columns };
  }

  it.each([
    ['apple-pay', 'pm_fake_applePayVisa', { brand: 'visa', last4: '4242', wallet: 'apple-pay' }, 'Visa via Apple Pay'],
    [
      'google-pay',
      'pm_fake_googlePayMastercard',
      { brand: 'mastercard', last4: '4444', wallet: 'google-pay' },
      'Mastercard via Google Pay',
    ],
    ['link', 'pm_fake_linkCard', { brand: 'visa', last4: '4242', wallet: 'link' }, 'Visa via Link'],
    // Link's own payment method shows Stripe no card: named by the wallet alone.
    ['link', 'pm_fake_link', { brand: 'card', last4: '', wallet: 'link' }, 'Link'],
  ] as const)('names the card Stripe charged through %s (%s) on the order and the subscription', async (wallet, method, card, name) => {
    const { response } = await submitCheckout({ db, gateways: [stripe], now }, snapshot, stripeWallet(method, wallet));
    expect(response.status).toBe('succeeded');
    const { transaction, subscription, columns } = await recorded(response.transactionId!);
    expect(transaction.order.payment).toEqual({ method: 'card', ...card });
    expect(paymentMethodName(transaction.order.payment, english)).toBe(name);
    expect(paymentMethodName(subscription.payment, english)).toBe(name);
    expect(subscription.instrument).toEqual({ kind: 'stripe', customerId: expect.stringMatching(/^cus_/), paymentMethodId: method });
    expect(columns).toEqual({ order: wallet, subscription: wallet });
  });

  it("takes the wallet Stripe saw where the browser named another: Stripe read the wallet's token, the browser only says", async () => {
    const { response } = await submitCheckout(
      { db, gateways: [stripe], now },
      snapshot,
      stripeWallet('pm_fake_googlePayMastercard', 'apple-pay'),
    );
    const { transaction, subscription, columns } = await recorded(response.transactionId!);
    expect(paymentMethodName(transaction.order.payment, english)).toBe('Mastercard via Google Pay');
    expect(paymentMethodName(subscription.payment, english)).toBe('Mastercard via Google Pay');
    expect(columns).toEqual({ order: 'google-pay', subscription: 'google-pay' });
  });

  it('keeps the card of a free order (a 100 % promo code) through a SetupIntent, named as a paid one is', async () => {
    const { response } = await submitCheckout(
      { db, gateways: [stripe], now },
      snapshot,
      stripeWallet('pm_fake_applePayVisa', 'apple-pay', { couponCode: 'FREE100' }),
    );
    expect(response.status).toBe('succeeded');
    expect(fake.requests.map((sent) => sent.path)).toEqual(['/v1/customers', '/v1/setup_intents']);
    const { transaction, subscription } = await recorded(response.transactionId!);
    expect(transaction.total).toBe(0);
    expect(paymentMethodName(transaction.order.payment, english)).toBe('Visa via Apple Pay');
    expect(subscription.instrument).toMatchObject({ kind: 'stripe', paymentMethodId: 'pm_fake_applePayVisa' });
  });

  it("answers a repeat of a paid attempt whose answer was lost with its payment, though Stripe's card now names it", async () => {
    const input = stripeWallet('pm_fake_applePayVisa', 'apple-pay');
    const first = await submitCheckout({ db, gateways: [stripe], now }, snapshot, input);
    // The kept answer is gone (the server died before it was written): the transaction is what remains.
    await db.deleteFrom('idempotency_keys').where('key', '=', input.idempotencyKey).execute();
    const again = await submitCheckout({ db, gateways: [stripe], now }, snapshot, input);
    expect(again.response).toMatchObject({ status: 'succeeded', transactionId: first.response.transactionId });
    // Charged once: the repeat never reached Stripe.
    expect(fake.requests.filter((sent) => sent.path === '/v1/payment_intents')).toHaveLength(1);
  });
});
