import { isVariantKey } from '@/lib/experiments/experiment';
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { Database, TransactionTable } from '@/lib/server/db/schema';
import type { Billing } from '@/lib/checkout/billing';
import { keptOrder } from '@/lib/checkout/keptOrder';
import type { OrderSnapshot, TransactionStatus } from '@/lib/checkout/transactionView';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { GatewayName, PaidCard, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { instrumentFromPayment, newSubscription } from '@/lib/server/subscriptions/newSubscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { purchaseAcknowledgmentMail } from '@/lib/server/subscriptions/purchaseAcknowledgmentMail';
import { enqueueMail } from '@/lib/server/mail/OutboxRepository';
import { IdentityRepository } from '@/lib/server/identity/IdentityRepository';
import type { PaymentMethodId } from '@/lib/payments/methods';
import { expressWalletOf } from '@/lib/payments/express/expressWallets';
import { randomId } from '@/lib/server/ids';
import { CouponRedemptionRepository } from '@/lib/server/checkout/CouponRedemptionRepository';
import { queueDuplicateNotice } from '@/lib/server/duplicates/duplicateNotice';
import { issueInvoice } from '@/lib/invoices/invoice';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import { paidOrderOfRow } from '@/lib/server/invoices/invoiceRows';
import { nextInvoiceNumber } from './invoiceNumbers';
import { marketOf, sellerFor, sellerOnInvoice } from '@/lib/invoices/seller';
import { withPaidCard } from './paidCard';
import type { Transaction } from './Transaction';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/timeZone';

export { transactionView, type Transaction } from './Transaction';

/** A row as the table keeps it: JSON as text, flags as 0 and 1. Nothing outside this file sees one. */
type TransactionRow = Selectable<TransactionTable>;

function transactionOf(row: TransactionRow): Transaction {
  return {
    id: row.id,
    receiptTokenHash: row.receipt_token_hash,
    campaignId: row.campaign_id,
    previewVersion: row.preview_version,
    experiment: row.experiment_id && isVariantKey(row.variant_key) ? { id: row.experiment_id, variant: row.variant_key } : null,
    brandSlug: row.brand_slug,
    offerId: row.offer_id,
    order: keptOrder(row.order_json),
    couponCode: row.coupon_code,
    paymentMethod: row.payment_method as PaymentMethodId,
    gateway: row.gateway as GatewayName,
    gatewayPaymentId: row.gateway_payment_id,
    status: row.status as TransactionStatus,
    livemode: row.livemode === 1,
    source: row.source,
    customer: JSON.parse(row.customer_json) as Billing,
    autoRenewalConsent: row.auto_renewal_consent_json
      ? (JSON.parse(row.auto_renewal_consent_json) as Transaction['autoRenewalConsent'])
      : null,
    currencyCode: row.currency_code as CurrencyCode,
    subtotal: row.subtotal,
    discount: row.discount,
    tax: row.tax,
    total: row.total,
    invoiceNumber: row.invoice_number,
    subscriptionId: row.subscription_id ?? row.renewal_of,
    failureCode: row.failure_code,
    buyerIdentity: row.buyer_identity,
    authenticationRequested: row.authentication_requested === 1,
    trackingSessionId: row.tracking_session_id,
    kind: row.kind === 'renewal' ? 'renewal' : 'purchase',
    period: row.period_start && row.period_end ? { start: row.period_start, end: row.period_end } : null,
    locale: row.locale,
    timeZone: row.time_zone,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What a new order is written with: the rest (status, invoice, gateway's ids) comes later. */
export type NewTransaction = Pick<
  Transaction,
  | 'id'
  | 'receiptTokenHash'
  | 'campaignId'
  | 'brandSlug'
  | 'order'
  | 'couponCode'
  | 'gateway'
  | 'livemode'
  | 'source'
  | 'customer'
  | 'autoRenewalConsent'
  | 'currencyCode'
  | 'subtotal'
  | 'discount'
  | 'tax'
  | 'total'
> &
  Partial<Pick<Transaction, 'buyerIdentity' | 'trackingSessionId' | 'locale' | 'timeZone' | 'previewVersion' | 'experiment'>>;

export interface TransactionFilter {
  limit: number;
  status?: TransactionStatus;
  livemode?: boolean;
  campaignId?: string;
  /** Only transactions created before this ISO time (for paging back). */
  before?: string;
}

/** The payment method whose action is 3-D Secure (lib/payments/methods.ts). */
const CARD_METHOD: PaymentMethodId = 'card';

/** Payments that have not reached a final state yet. */
const OPEN_STATES: TransactionStatus[] = ['processing', 'requires_action'];

/** Checkout orders: a renewal's transaction (lib/server/renewals) is moved by the renewal engine only. */
const PURCHASE = 'purchase';

/** Reconciliation's failure for an attempt that had reached no provider when its server died. */
const INTERRUPTED: PaymentFailureCode = 'interrupted';

/**
 * Where a provider's outcome may still move a transaction: open, or ended as interrupted.
 * The latter only follows a lookup that found nothing; a charge of the same attempt the
 * provider reports afterwards (a submit slower than the grace) is the truth, and wins.
 */
const interruptedBy = (eb: ExpressionBuilder<Database, 'transactions'>) =>
  eb.and([eb('status', '=', 'failed'), eb('failure_code', '=', INTERRUPTED)]);
const movable = (eb: ExpressionBuilder<Database, 'transactions'>) => eb.or([eb('status', 'in', OPEN_STATES), interruptedBy(eb)]);

/** Transactions: a visitor's order and what became of its payment. */
export class TransactionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates the transaction of an attempt; creating it again (a retried attempt) changes nothing. */
  async create(transaction: NewTransaction): Promise<void> {
    const at = this.now().toISOString();
    await this.db
      .insertInto('transactions')
      .values({
        id: transaction.id,
        receipt_token_hash: transaction.receiptTokenHash,
        campaign_id: transaction.campaignId,
        brand_slug: transaction.brandSlug,
        offer_id: transaction.order.offer.id,
        order_json: JSON.stringify(transaction.order),
        coupon_code: transaction.couponCode,
        payment_method: transaction.order.payment.method,
        express_wallet: expressWalletOf(transaction.order.payment),
        gateway: transaction.gateway,
        gateway_payment_id: null,
        status: 'processing',
        livemode: transaction.livemode ? 1 : 0,
        source: transaction.source,
        customer_json: JSON.stringify(transaction.customer),
        auto_renewal_consent_json: transaction.autoRenewalConsent ? JSON.stringify(transaction.autoRenewalConsent) : null,
        currency_code: transaction.currencyCode,
        subtotal: transaction.subtotal,
        discount: transaction.discount,
        tax: transaction.tax,
        total: transaction.total,
        invoice_number: null,
        subscription_id: null,
        failure_code: null,
        customer_email: transaction.customer.email.trim().toLowerCase(),
        buyer_identity: transaction.buyerIdentity?.trim().toLowerCase() ?? null,
        tracking_session_id: transaction.trackingSessionId ?? null,
        // Absent: an order written without a campaign's locale (a test's), English with times in UTC, as before.
        locale: transaction.locale ?? DEFAULT_LOCALE,
        time_zone: transaction.timeZone ?? DEFAULT_TIME_ZONE,
        preview_version: transaction.previewVersion ?? null,
        experiment_id: transaction.experiment?.id ?? null,
        variant_key: transaction.experiment?.variant ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async findById(id: string): Promise<Transaction | null> {
    const row = await this.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? transactionOf(row) : null;
  }

  async findByGatewayPayment(gateway: GatewayName, paymentId: string): Promise<Transaction | null> {
    const row = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('gateway', '=', gateway)
      .where('gateway_payment_id', '=', paymentId)
      .executeTakeFirst();
    return row ? transactionOf(row) : null;
  }

  /**
   * The payment waits for the visitor: a card's bank asks for 3-D Secure, a wallet for its
   * approval. paymentId null: the wallet names the payment only once the visitor is there
   * (it is recorded then).
   */
  async markRequiresAction(id: string, paymentId: string | null): Promise<void> {
    await this.db
      .updateTable('transactions')
      .set({
        status: 'requires_action',
        gateway_payment_id: paymentId,
        // Kept once the payment moves on, so that the report can tell how 3-D Secure went.
        // Only a card's wait is 3-D Secure: a wallet's approval is not the bank checking the buyer.
        authentication_requested: sql<number>`case when payment_method = ${CARD_METHOD} then 1 else 0 end`,
        updated_at: this.now().toISOString(),
      })
      .where('id', '=', id)
      .where('kind', '=', PURCHASE)
      .where((eb) => eb.or([eb('status', '=', 'processing'), interruptedBy(eb)]))
      .execute();
  }

  /** Records the wallet's name for a payment it named only once the visitor was there (an Amazon Pay checkout session); never replaces one. */
  async attachGatewayPayment(id: string, paymentId: string): Promise<void> {
    await this.db
      .updateTable('transactions')
      .set({ gateway_payment_id: paymentId, updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .where('kind', '=', PURCHASE)
      .where('gateway_payment_id', 'is', null)
      .where('status', 'in', OPEN_STATES)
      .execute();
  }

  async markFailed(id: string, paymentId: string | null, failureCode: string): Promise<void> {
    await this.db
      .updateTable('transactions')
      .set({
        status: 'failed',
        failure_code: failureCode,
        updated_at: this.now().toISOString(),
        ...(paymentId ? { gateway_payment_id: paymentId } : {}),
      })
      .where('id', '=', id)
      .where('kind', '=', PURCHASE)
      .where(movable)
      .execute();
  }

  /**
   * Ends an open transaction whose attempt reached no provider (reconciliation asked it:
   * nothing was or can be taken) as failed, so that nothing stays `processing` for ever.
   * True when this call ended it.
   */
  async markInterrupted(id: string): Promise<boolean> {
    const ended = await this.db
      .updateTable('transactions')
      .set({ status: 'failed', failure_code: INTERRUPTED, updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .where('kind', '=', PURCHASE)
      .where('status', 'in', OPEN_STATES)
      .executeTakeFirst();
    return ended.numUpdatedRows > 0n;
  }

  /**
   * Marks a payment as succeeded, once (a second call changes nothing), and in the same
   * database transaction gives the order its invoice number (the next of its mode and year,
   * gap-free; test orders are numbered INV-TEST-…) and issues its invoice, redeems its coupon
   * and starts its subscription, with what renews it: the gateway's report, else what the
   * payment's id stands for. The card the
   * gateway says it charged (card) replaces the one the submit named, before the subscription,
   * the invoice and the acknowledgment read it. Bought signed out with the address of someone
   * who has signed in before, the subscription is theirs at once.
   */
  async markSucceeded(
    id: string,
    paymentId: string,
    instrument?: RenewalInstrument | null,
    chargeId?: string,
    card?: PaidCard,
  ): Promise<void> {
    // Run inside the caller's transaction when there is one (Kysely does not nest them).
    const run = <T>(work: (db: Kysely<Database>) => Promise<T>) =>
      this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
    await run(async (trx) => {
      const at = this.now();
      // Kept whoever reported the payment first: a refund names it (a webhook may have moved the order before the return page).
      if (chargeId) await new TransactionRepository(trx, this.now).recordProviderCharge(id, chargeId);
      // The guarded update decides, even with several servers: only one caller moves it.
      const moved = await trx
        .updateTable('transactions')
        .set({ status: 'succeeded', gateway_payment_id: paymentId, failure_code: null, updated_at: at.toISOString() })
        .where('id', '=', id)
        .where('kind', '=', PURCHASE)
        .where(movable)
        .returning(['livemode', 'order_json', 'brand_slug', 'locale'])
        .executeTakeFirst();
      if (!moved) return;
      // Issued by the seller of its brand in its market, in that seller's series.
      const seller = sellerFor(moved.brand_slug, marketOf(moved.locale));
      const invoiceNumber = await nextInvoiceNumber(trx, moved.livemode === 1, at, seller);
      const subscriptionId = randomId('sub', 16);
      const order = JSON.parse(moved.order_json) as OrderSnapshot;
      const payment = withPaidCard(order.payment, card);
      const paid = await trx
        .updateTable('transactions')
        .set({
          invoice_number: invoiceNumber,
          subscription_id: subscriptionId,
          ...(payment === order.payment
            ? {}
            : { order_json: JSON.stringify({ ...order, payment }), express_wallet: expressWalletOf(payment) }),
        })
        .where('id', '=', id)
        .where('kind', '=', PURCHASE)
        .returningAll()
        .executeTakeFirstOrThrow();
      // The invoice as issued, with the card paid with: its record is written with its number.
      await new InvoiceRepository(trx).issue(
        issueInvoice(paidOrderOfRow(paid), invoiceNumber, at.toISOString(), seller ? sellerOnInvoice(seller) : null),
      );
      const transaction = transactionOf(paid);
      // The coupon's redemption is kept with the payment: both commit, or neither.
      await new CouponRedemptionRepository(trx).redeem(
        {
          transactionId: id,
          couponCode: paid.coupon_code,
          livemode: paid.livemode === 1,
          email: paid.customer_email ?? transaction.customer.email,
        },
        at,
      );
      const renewal = instrument ?? instrumentFromPayment(transaction.gateway, paymentId);
      // Bought signed out by an address that has signed in before: its owner at once, as its next sign-in would make it.
      const billingAddressVerified =
        transaction.buyerIdentity === null && (await new IdentityRepository(trx).hasSignedIn(transaction.customer.email));
      const subscription = newSubscription(transaction, subscriptionId, at, renewal, billingAddressVerified);
      await new SubscriptionRepository(trx).create(subscription, at);
      // The acknowledgment is queued with the payment it reports: both commit, or neither.
      const acknowledgment = purchaseAcknowledgmentMail(transaction, {
        ...subscription,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      });
      if (acknowledgment) await enqueueMail(trx, acknowledgment, at);
      // A second live subscription of the brand for this address: told privately, with a one-click undo.
      await queueDuplicateNotice(trx, transaction, subscription, at);
    });
  }

  /**
   * Keeps the provider's id of the money a payment took, where it is not the payment id (a
   * PayPal capture or first sale, an Amazon Pay charge): what a refund names. Never replaces one.
   */
  async recordProviderCharge(id: string, chargeId: string): Promise<void> {
    await this.db
      .updateTable('transactions')
      .set({ provider_charge_id: chargeId })
      .where('id', '=', id)
      .where('provider_charge_id', 'is', null)
      .execute();
  }

  /** The paid orders and renewals of these subscriptions (their invoices), oldest first. */
  async paidOfSubscriptions(subscriptionIds: readonly string[]): Promise<Transaction[]> {
    if (subscriptionIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where((eb) => eb.or([eb('subscription_id', 'in', subscriptionIds), eb('renewal_of', 'in', subscriptionIds)]))
      .where('status', '=', 'succeeded')
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map(transactionOf);
  }

  async list(filter: TransactionFilter): Promise<Transaction[]> {
    let query = this.db.selectFrom('transactions').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.livemode !== undefined) query = query.where('livemode', '=', filter.livemode ? 1 : 0);
    if (filter.campaignId) query = query.where('campaign_id', '=', filter.campaignId);
    if (filter.before) query = query.where('created_at', '<', filter.before);
    return (await query.execute()).map(transactionOf);
  }
}
