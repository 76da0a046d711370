import { Migrator, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { ORDERED_OFFERS } from '@/tests/fixtures/transactions';
import { MIGRATIONS } from './index';

let db: Kysely<Database>;
const migrator = () => new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });

beforeEach(async () => {
  db = createDb({ dialect: 'sqlite', filename: ':memory:' });
  await migrator().migrateTo('0014_bad_row_windows');
});
afterEach(async () => db.destroy());

/** A transaction row as the checkout stored it before subscriptions existed. */
function storedOrder(
  id: string,
  fields: Partial<
    Omit<
      Database['transactions'],
      'authentication_requested' | 'kind' | 'refund_reserved' | 'renewal_of' | 'period_start' | 'period_end' | 'locale' | 'time_zone'
    >
  > & {
    offer?: object;
    payment?: object;
  } = {},
) {
  const { offer = ORDERED_OFFERS.vogueDigital, payment = { method: 'card', brand: 'visa', last4: '4242' }, ...row } = fields;
  return {
    id,
    receipt_token_hash: 'x',
    campaign_id: 'vogue-demo-single',
    brand_slug: 'vogue',
    offer_id: '1001',
    order_json: JSON.stringify({ offer, lines: [], taxRate: { rate: 0, inclusive: false, label: 'Tax' }, payment }),
    coupon_code: null,
    payment_method: 'card',
    gateway: 'stripe',
    gateway_payment_id: `pay_${id}`,
    status: 'succeeded' as const,
    livemode: 1,
    source: null,
    customer_json: JSON.stringify({ email: 'Ada@Example.com', firstName: 'Ada', lastName: 'Reader', country: 'GB' }),
    auto_renewal_consent_json: null,
    currency_code: 'USD',
    subtotal: 2500,
    discount: 0,
    tax: 0,
    total: 2500,
    invoice_number: `INV-2026-${id}`,
    subscription_id: `sub_${id}`,
    failure_code: null,
    customer_email: 'ada@example.com',
    buyer_identity: null,
    tracking_session_id: null,
    created_at: '2026-03-31T09:00:00.000Z',
    updated_at: '2026-03-31T09:00:05.000Z',
    ...row,
  };
}

describe('migration 0015: subscriptions for the paid orders already stored', () => {
  it('makes one record per paid order, owned by the identity it was bought under, its period from when it was paid', async () => {
    await db
      .insertInto('transactions')
      .values([
        storedOrder('txn_card', { buyer_identity: 'ada@example.com' }),
        storedOrder('txn_failed', { status: 'failed', subscription_id: null, invoice_number: null }),
        storedOrder('txn_open', { status: 'processing', subscription_id: null, invoice_number: null }),
      ])
      .execute();
    await migrateToLatest(db);
    const rows = await db.selectFrom('subscriptions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 'sub_txn_card',
      transaction_id: 'txn_card',
      owner_email: 'ada@example.com',
      billing_email: 'ada@example.com',
      status: 'active',
      current_period_start: '2026-03-31T09:00:05.000Z',
      current_period_end: '2027-03-31T09:00:05.000Z',
      renewal_amount: 5000,
      payment_method: 'card',
      gateway: 'stripe',
      // Bought before customers were saved: nothing a renewal can charge; its owner is asked for a card.
      instrument_json: null,
      needs_payment_method: 1,
    });
  });

  it('keeps what the sandbox and PayPal payments stand for, marks Amazon Pay as needing a method, and leaves orders bought signed out unowned', async () => {
    await db
      .insertInto('transactions')
      .values([
        storedOrder('txn_sandbox', { gateway: 'sandbox' }),
        storedOrder('txn_paypal', { gateway: 'paypal', payment_method: 'paypal', payment: { method: 'paypal' } }),
        storedOrder('txn_sbx_paypal', { gateway: 'sandbox-paypal', payment_method: 'paypal', payment: { method: 'paypal' } }),
        storedOrder('txn_amazon', { gateway: 'amazon-pay', payment_method: 'amazon-pay', payment: { method: 'amazon-pay' } }),
        storedOrder('txn_trial', { offer: ORDERED_OFFERS.wiredTrial, gateway: 'sandbox' }),
      ])
      .execute();
    await migrateToLatest(db);
    const byId = Object.fromEntries(
      (await db.selectFrom('subscriptions').selectAll().execute()).map((row) => [row.transaction_id, row] as const),
    );
    expect(JSON.parse(byId.txn_sandbox!.instrument_json!)).toEqual({ kind: 'sandbox-card', paymentIntentId: 'pay_txn_sandbox' });
    expect(JSON.parse(byId.txn_paypal!.instrument_json!)).toEqual({ kind: 'paypal', subscriptionId: 'pay_txn_paypal' });
    expect(JSON.parse(byId.txn_sbx_paypal!.instrument_json!)).toEqual({
      kind: 'sandbox-wallet',
      wallet: 'paypal',
      paymentId: 'pay_txn_sbx_paypal',
    });
    expect(byId.txn_amazon).toMatchObject({ instrument_json: null, needs_payment_method: 1 });
    expect(byId.txn_sandbox).toMatchObject({ owner_email: null, needs_payment_method: 0 });
    expect(byId.txn_trial).toMatchObject({ status: 'trialing', trial_end: '2026-04-30T09:00:05.000Z' });
  });
});
