import type { Kysely } from 'kysely';

/**
 * Our subscription record (issue 22): one per renewing purchase, written with the paid order.
 * Paid orders stored before it get theirs here: owned by the identity they were bought
 * under (or by nobody until claimed), and marked as needing a payment method where the
 * order kept nothing a renewal could charge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('brand_slug', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('offer_name', 'text', (c) => c.notNull())
    .addColumn('is_print', 'integer', (c) => c.notNull())
    .addColumn('owner_email', 'text')
    .addColumn('billing_email', 'text', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancel_requested_at', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('cancel_channel', 'text')
    .addColumn('provider_paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_period_start', 'text', (c) => c.notNull())
    .addColumn('current_period_end', 'text', (c) => c.notNull())
    .addColumn('trial_end', 'text')
    .addColumn('renewal_amount', 'integer', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('billing_interval', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_json', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('instrument_json', 'text')
    .addColumn('needs_payment_method', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_address_json', 'text')
    .addColumn('consent_json', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_owner').on('subscriptions').columns(['owner_email', 'brand_slug']).execute();
  await db.schema.createIndex('subscriptions_billing_email').on('subscriptions').columns(['billing_email', 'brand_slug']).execute();
  // Cancellations declared on the public cancel page (§ 312k BGB), each kept as declared,
  // whether or not the address held a subscription.
  await db.schema
    .createTable('cancel_declarations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('brand_slug', 'text', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('client_json', 'text', (c) => c.notNull())
    .addColumn('subscriptions_cancelled', 'integer', (c) => c.notNull())
    .addColumn('declared_at', 'text', (c) => c.notNull())
    .execute();
  // The one-click "Keep my subscription" links those cancellations e-mail; only their hashes are kept.
  await db.schema
    .createTable('keep_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The sandbox PayPal's stand-in for a suspended subscription.
  await db.schema
    .alterTable('sandbox_wallet_payments')
    .addColumn('renewals_paused', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillSubscriptions(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_wallet_payments').dropColumn('renewals_paused').execute();
  await db.schema.dropTable('keep_links').execute();
  await db.schema.dropTable('cancel_declarations').execute();
  await db.schema.dropTable('subscriptions').execute();
}

interface PaidOrderRow {
  id: string;
  subscription_id: string;
  campaign_id: string;
  brand_slug: string;
  offer_id: string;
  order_json: string;
  payment_method: string;
  gateway: string;
  gateway_payment_id: string | null;
  livemode: number;
  customer_json: string;
  customer_email: string | null;
  buyer_identity: string | null;
  auto_renewal_consent_json: string | null;
  currency_code: string;
  updated_at: string;
}

/**
 * The backfill is written out here rather than calling today's code, so that the migration
 * stays what it was when later code changes. A renewal can reuse only what the sandbox and
 * PayPal kept under the payment's id; a Stripe or Amazon Pay order stored before the
 * record existed kept no customer or charge permission, so its owner is asked for a card.
 */
async function backfillSubscriptions(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration's own view of the tables
  const any = db as Kysely<any>;
  const rows = (await any
    .selectFrom('transactions')
    .selectAll()
    .where('status', '=', 'succeeded')
    .where('subscription_id', 'is not', null)
    .execute()) as PaidOrderRow[];
  for (const row of rows) {
    const order = JSON.parse(row.order_json) as {
      offer: {
        name: string;
        billingInterval: 'month' | 'year';
        trialOffer: boolean;
        trialDays: number | null;
        isPrintOffer: boolean;
        renewalAmount: number;
      };
      payment: unknown;
    };
    const customer = JSON.parse(row.customer_json) as { email: string; address?: unknown; deliveryAddress?: unknown };
    const paidAt = new Date(row.updated_at);
    const period = backfillPeriod(order.offer, paidAt);
    const instrument = backfillInstrument(row.gateway, row.gateway_payment_id);
    await any
      .insertInto('subscriptions')
      .values({
        id: row.subscription_id,
        transaction_id: row.id,
        brand_slug: row.brand_slug,
        campaign_id: row.campaign_id,
        offer_id: row.offer_id,
        offer_name: order.offer.name,
        is_print: order.offer.isPrintOffer ? 1 : 0,
        owner_email: row.buyer_identity,
        billing_email: (row.customer_email ?? customer.email).trim().toLowerCase(),
        livemode: row.livemode,
        status: order.offer.trialOffer ? 'trialing' : 'active',
        cancel_at_period_end: 0,
        current_period_start: paidAt.toISOString(),
        current_period_end: period.end.toISOString(),
        trial_end: period.trialEnd?.toISOString() ?? null,
        renewal_amount: order.offer.renewalAmount,
        currency_code: row.currency_code,
        billing_interval: order.offer.billingInterval,
        payment_method: row.payment_method,
        payment_json: JSON.stringify(order.payment),
        gateway: row.gateway,
        instrument_json: instrument ? JSON.stringify(instrument) : null,
        needs_payment_method: instrument ? 0 : 1,
        delivery_address_json: order.offer.isPrintOffer ? JSON.stringify(customer.deliveryAddress ?? customer.address ?? null) : null,
        consent_json: row.auto_renewal_consent_json,
        ended_at: null,
        created_at: row.updated_at,
        updated_at: row.updated_at,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

function backfillPeriod(
  offer: { billingInterval: 'month' | 'year'; trialOffer: boolean; trialDays: number | null },
  paidAt: Date,
): { end: Date; trialEnd: Date | null } {
  if (offer.trialOffer) {
    const trialEnd = new Date(paidAt.getTime() + (offer.trialDays ?? 0) * 24 * 3600_000);
    return { end: trialEnd, trialEnd };
  }
  const end = new Date(paidAt.getTime());
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + (offer.billingInterval === 'year' ? 12 : 1));
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(paidAt.getUTCDate(), lastDay));
  return { end, trialEnd: null };
}

function backfillInstrument(gateway: string, paymentId: string | null): object | null {
  if (!paymentId) return null;
  if (gateway === 'sandbox') return { kind: 'sandbox-card', paymentIntentId: paymentId };
  if (gateway === 'sandbox-paypal' || gateway === 'sandbox-amazon-pay') {
    return { kind: 'sandbox-wallet', wallet: gateway.slice('sandbox-'.length), paymentId };
  }
  if (gateway === 'paypal') return { kind: 'paypal', subscriptionId: paymentId };
  return null;
}
