import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { applyGatewayEvent, isPaidAlready } from '@/lib/server/checkout/reconcile';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { startFakeStripe } from './fakeStripe';
import { StripeGateway } from './StripeGateway';
import { handleStripeWebhook } from './stripeWebhook';

const SECRET_TEST = 'whsec_test_secret';
const SECRET_LIVE = 'whsec_live_secret';
const now = () => new Date('2026-11-21T12:00:00Z');
const nowS = Math.floor(now().getTime() / 1000);

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
  const transactions = new TransactionRepository(db, now);
  await transactions.create({
    id: 'txn_1',
    receiptTokenHash: 'x',
    campaignId: 'vogue-demo-single',
    brandSlug: 'vogue',
    order: {
      offer: {
        id: '1001',
        uuid: 'u',
        name: 'Vogue Digital',
        description: 'd',
        billingInterval: 'year',
        trialOffer: false,
        trialDays: null,
        isPrintOffer: false,
        renewalAmount: 2500,
      },
      lines: [],
      taxRate: { rate: 0, inclusive: false, components: [{ kind: 'tax', rate: 0 }] },
      payment: { method: 'card', brand: 'visa', last4: '4242' },
    },
    couponCode: null,
    gateway: 'stripe',
    livemode: false,
    source: null,
    customer: { email: 'a@example.com', firstName: 'A', lastName: 'B', country: 'GB' },
    autoRenewalConsent: null,
    currencyCode: 'USD',
    subtotal: 2500,
    discount: 0,
    tax: 0,
    total: 2500,
  });
  await transactions.markRequiresAction('txn_1', 'pi_123');
});
afterEach(async () => db.destroy());

function delivery(type: string, object: object, options: { id?: string; secret?: string; timestamp?: number; livemode?: boolean } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? 'evt_1',
    object: 'event',
    type,
    data: { object },
    ...(options.livemode === undefined ? {} : { livemode: options.livemode }),
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET_TEST,
    timestamp: options.timestamp ?? nowS,
  });
  return { body: Buffer.from(payload), signature };
}

const status = async () =>
  await db
    .selectFrom('transactions')
    .select(['status', 'failure_code', 'invoice_number'])
    .where('id', '=', 'txn_1')
    .executeTakeFirstOrThrow();
const handle = (body: Buffer, signature: string | undefined) =>
  handleStripeWebhook({ secrets: [SECRET_LIVE, SECRET_TEST], now, apply: (event) => applyGatewayEvent(db, event, now) }, signature, body);

const english = serverWords('en-US');

describe('handleStripeWebhook', () => {
  it('applies payment_intent.succeeded to the transaction, once', async () => {
    const { body, signature } = delivery('payment_intent.succeeded', { id: 'pi_123', object: 'payment_intent' });
    expect(await handle(body, signature)).toEqual({ received: true, eventId: 'evt_1', outcome: 'applied' });
    expect(await status()).toMatchObject({ status: 'succeeded', invoice_number: 'INV-TEST-2026-000001' });
    expect(await handle(body, signature)).toEqual({ received: true, eventId: 'evt_1', outcome: 'duplicate' });
    expect(await db.selectFrom('invoice_sequences').selectAll().execute()).toEqual([{ scope: 'test-2026', last_number: 1 }]);
  });

  it('changes nothing for an event of the other mode (a live event about a test order)', async () => {
    const live = delivery('payment_intent.succeeded', { id: 'pi_123', object: 'payment_intent' }, { livemode: true, secret: SECRET_LIVE });
    expect((await handle(live.body, live.signature)).outcome).toBe('unmatched');
    expect(await status()).toMatchObject({ status: 'requires_action', invoice_number: null });
    const test = delivery('payment_intent.succeeded', { id: 'pi_123', object: 'payment_intent' }, { id: 'evt_2', livemode: false });
    expect((await handle(test.body, test.signature)).outcome).toBe('applied');
  });

  it('applies payment_intent.payment_failed with the reason', async () => {
    const { body, signature } = delivery('payment_intent.payment_failed', {
      id: 'pi_123',
      object: 'payment_intent',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
    expect((await handle(body, signature)).outcome).toBe('applied');
    expect(await status()).toMatchObject({ status: 'failed', failure_code: 'authentication_failed' });
  });

  it('leaves a renewal that waits for the buyer to authenticate (off-session authentication_required) as it is', async () => {
    const { body, signature } = delivery('payment_intent.payment_failed', {
      id: 'pi_123',
      object: 'payment_intent',
      status: 'requires_payment_method',
      last_payment_error: { code: 'authentication_required', decline_code: 'authentication_required' },
    });
    expect((await handle(body, signature)).outcome).toBe('ignored');
    expect(await status()).toMatchObject({ status: 'requires_action', failure_code: null });
  });

  it('accepts events signed with the live endpoint secret too', async () => {
    const { body, signature } = delivery('payment_intent.succeeded', { id: 'pi_123' }, { secret: SECRET_LIVE });
    expect((await handle(body, signature)).outcome).toBe('applied');
  });

  it('acknowledges events for payments it does not hold, and other event types, without change', async () => {
    const unknown = delivery('payment_intent.succeeded', { id: 'pi_other' }, { id: 'evt_2' });
    expect((await handle(unknown.body, unknown.signature)).outcome).toBe('unmatched');
    const other = delivery('customer.created', { id: 'cus_1' }, { id: 'evt_3' });
    expect((await handle(other.body, other.signature)).outcome).toBe('ignored');
    expect(await status()).toMatchObject({ status: 'requires_action' });
  });

  it.each([
    ['a signature made with another secret', () => delivery('payment_intent.succeeded', { id: 'pi_123' }, { secret: 'whsec_wrong' })],
    ['an event signed more than 300 s ago', () => delivery('payment_intent.succeeded', { id: 'pi_123' }, { timestamp: nowS - 301 })],
    [
      'a body changed after signing',
      () => {
        const signed = delivery('payment_intent.payment_failed', { id: 'pi_123' });
        return { body: Buffer.from(signed.body.toString().replace('payment_failed', 'succeeded')), signature: signed.signature };
      },
    ],
  ])('refuses %s with 400 and changes nothing', async (_name, make) => {
    const { body, signature } = make();
    await expect(handle(body, signature)).rejects.toMatchObject({ status: 400, code: 'invalid_signature' });
    expect(await status()).toMatchObject({ status: 'requires_action' });
    expect(await db.selectFrom('gateway_events').selectAll().execute()).toEqual([]);
  });

  it('accepts an event signed 299 s ago', async () => {
    const { body, signature } = delivery('payment_intent.succeeded', { id: 'pi_123' }, { timestamp: nowS - 299 });
    expect((await handle(body, signature)).outcome).toBe('applied');
  });

  it('refuses a delivery without a signature', async () => {
    const { body } = delivery('payment_intent.succeeded', { id: 'pi_123' });
    await expect(handle(body, undefined)).rejects.toMatchObject({ status: 400, code: 'missing_signature' });
  });
});

describe('handleStripeWebhook, payment id never recorded', () => {
  it('finds the transaction by the id in the payment metadata', async () => {
    await db.updateTable('transactions').set({ status: 'processing', gateway_payment_id: null }).where('id', '=', 'txn_1').execute();
    const { body, signature } = delivery(
      'payment_intent.succeeded',
      { id: 'pi_lost', metadata: { transactionId: 'txn_1' } },
      { id: 'evt_9' },
    );
    expect((await handle(body, signature)).outcome).toBe('applied');
    expect(
      await db.selectFrom('transactions').select(['status', 'gateway_payment_id']).where('id', '=', 'txn_1').executeTakeFirst(),
    ).toEqual({
      status: 'succeeded',
      gateway_payment_id: 'pi_lost',
    });
  });
});

describe('handleStripeWebhook, the card a payment was made with', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let gateway: StripeGateway;
  beforeAll(async () => {
    fake = await startFakeStripe();
    gateway = new StripeGateway({ test: 'sk_test_fake' }, fake.connection);
  });
  afterAll(async () => fake.close());

  // The submit of a Stripe express payment, whose answer the event overtook: the browser said
  // Apple Pay, and only Stripe knows the card.
  beforeEach(async () => {
    fake.requests.length = 0;
    const row = await db.selectFrom('transactions').select('order_json').where('id', '=', 'txn_1').executeTakeFirstOrThrow();
    const order = { ...JSON.parse(row.order_json), payment: { method: 'card', brand: 'card', last4: '', wallet: 'apple-pay' } };
    await db
      .updateTable('transactions')
      .set({ status: 'processing', gateway_payment_id: null, order_json: JSON.stringify(order), express_wallet: 'apple-pay' })
      .where('id', '=', 'txn_1')
      .execute();
  });

  const paid = (paymentMethod: string) =>
    delivery(
      'payment_intent.succeeded',
      { id: 'pi_wallet', object: 'payment_intent', customer: 'cus_1', payment_method: paymentMethod, metadata: { transactionId: 'txn_1' } },
      { livemode: false },
    );
  const handleWithCards = ({ body, signature }: { body: Buffer; signature: string }) =>
    handleStripeWebhook(
      {
        secrets: [SECRET_TEST],
        now,
        apply: (event) => applyGatewayEvent(db, event, now),
        paidCard: (id, livemode) => gateway.paidCard(id, livemode),
        alreadyPaid: (event) => isPaidAlready(db, event),
      },
      signature,
      body,
    );

  it("names the card Stripe charged, and Stripe's wallet where it differs from the browser's, on the order and the subscription", async () => {
    expect((await handleWithCards(paid('pm_fake_googlePayMastercard'))).outcome).toBe('applied');
    expect(fake.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/payment_methods/pm_fake_googlePayMastercard' })]);
    const transaction = (await new TransactionRepository(db, now).findById('txn_1'))!;
    expect(transaction.order.payment).toEqual({ method: 'card', brand: 'mastercard', last4: '4444', wallet: 'google-pay' });
    const row = await db.selectFrom('transactions').select('express_wallet').where('id', '=', 'txn_1').executeTakeFirstOrThrow();
    expect(row.express_wallet).toBe('google-pay');
    const subscription = (await new SubscriptionRepository(db).findById(transaction.subscriptionId!))!;
    expect(paymentMethodName(subscription.payment, english)).toBe('Mastercard via Google Pay');
  });

  it('does not ask Stripe for the card of an order the submit has marked paid already', async () => {
    await db.updateTable('transactions').set({ status: 'succeeded', gateway_payment_id: 'pi_wallet' }).where('id', '=', 'txn_1').execute();
    expect((await handleWithCards(paid('pm_fake_googlePayMastercard'))).outcome).toBe('applied');
    expect(fake.requests).toEqual([]);
  });

  it('records the payment all the same where Stripe does not describe the card, named as the browser said', async () => {
    expect((await handleWithCards(paid('pm_unknown'))).outcome).toBe('applied');
    const transaction = (await new TransactionRepository(db, now).findById('txn_1'))!;
    expect(transaction).toMatchObject({ status: 'succeeded', gatewayPaymentId: 'pi_wallet' });
    expect(paymentMethodName(transaction.order.payment, english)).toBe('Apple Pay');
  });
});

describe('handleStripeWebhook, refunds', () => {
  it.each(['refund.updated', 'refund.failed', 'charge.refund.updated'])('hands %s to the refund service by the refund id', async (type) => {
    const settled: string[] = [];
    const { body, signature } = delivery(type, { id: 're_123', object: 'refund', status: 'succeeded' });
    const result = await handleStripeWebhook(
      {
        secrets: [SECRET_TEST],
        now,
        apply: (event) => applyGatewayEvent(db, event, now),
        settleRefund: async (id) => (settled.push(id), 'applied'),
      },
      signature,
      body,
    );
    expect(result).toEqual({ received: true, eventId: 'evt_1', outcome: 'applied' });
    expect(settled).toEqual(['re_123']);
    expect(await status()).toMatchObject({ status: 'requires_action' });
  });

  it('acknowledges a refund event when no refund service listens', async () => {
    const { body, signature } = delivery('refund.updated', { id: 're_123', object: 'refund' });
    expect((await handle(body, signature)).outcome).toBe('ignored');
  });
});
