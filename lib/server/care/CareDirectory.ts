import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  CareCustomerView,
  CareEventView,
  CareMailView,
  CareSearchHit,
  CareSubscriptionView,
  CareTransactionView,
} from '@/lib/operators/careViews';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';
import type { Database, TransactionTable } from '@/lib/server/db/schema';
import { CreditNoteRepository } from '@/lib/server/invoices/CreditNoteRepository';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import type { Refund } from '@/lib/server/refunds/Refund';
import { RefundRepository } from '@/lib/server/refunds/RefundRepository';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { subscriptionOf } from '@/lib/server/subscriptions/SubscriptionRepository';
import { clockOf } from '@/lib/server/renewals/testClock';
import { careTimeLine } from './careEvents';
import { careQueryOf } from './careQuery';
import { careRefundView } from './careRefundView';
import { subscriptionsWithSchedule } from '@/lib/server/subscriptions/subscriptionsWithSchedule';

/** How many subscriptions a search answers at most (and how many other subscriptions a customer view lists). */
export const CARE_SEARCH_MAX_HITS = 50;
const MAX_HITS = CARE_SEARCH_MAX_HITS;
const MAX_MAILS = 100;

/**
 * What customer care reads: subscriptions found by the customer's e-mail (owner or billing
 * address, any case, the whole address) or by an invoice or credit note number, and one
 * subscription with its payments, refunds, e-mails and time line (its kept history). Reads only: the changes are
 * careActions.ts.
 */
export class CareDirectory {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The subscriptions a whole address or number names (careQuery.ts); nothing for anything else. */
  async search(text: string): Promise<CareSearchHit[]> {
    const query = careQueryOf(text);
    if (!query) return [];
    if (query.kind === 'email') {
      const rows = await subscriptionsWithSchedule(this.db)
        .where((eb) =>
          eb.or([eb(sql<string>`lower(owner_email)`, '=', query.email), eb(sql<string>`lower(billing_email)`, '=', query.email)]),
        )
        .orderBy('created_at', 'desc')
        .limit(MAX_HITS)
        .execute();
      return rows.map((row) => this.hit(subscriptionOf(row), 'email'));
    }
    // A credit note names the invoice it credits, and the invoice its subscription.
    const invoiceNumber =
      query.kind === 'invoice' ? query.number : (await new CreditNoteRepository(this.db).findByNumber(query.number))?.invoiceNumber;
    const invoice = invoiceNumber ? await new InvoiceRepository(this.db).findByNumber(invoiceNumber) : null;
    if (!invoice?.subscriptionId) return [];
    const rows = await subscriptionsWithSchedule(this.db)
      .where('id', '=', invoice.subscriptionId)
      .orderBy('created_at', 'desc')
      .limit(MAX_HITS)
      .execute();
    return rows.map((row) => this.hit(subscriptionOf(row), 'invoice'));
  }

  /** One subscription as care sees it, with its customer's other subscriptions and history; null when there is none. */
  async customer(subscriptionId: string): Promise<CareCustomerView | null> {
    const row = await subscriptionsWithSchedule(this.db).where('id', '=', subscriptionId).executeTakeFirst();
    if (!row) return null;
    const subscription = subscriptionOf(row);
    const emails = [...new Set([subscription.billingEmail, subscription.ownerEmail].filter((e): e is string => Boolean(e)))].map((e) =>
      e.toLowerCase(),
    );

    const others = await subscriptionsWithSchedule(this.db)
      .where('id', '!=', subscription.id)
      .where((eb) => eb.or([eb(sql<string>`lower(owner_email)`, 'in', emails), eb(sql<string>`lower(billing_email)`, 'in', emails)]))
      .orderBy('created_at', 'desc')
      .limit(MAX_HITS)
      .execute();

    const transactionRows = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where((eb) => eb.or([eb('subscription_id', '=', subscription.id), eb('renewal_of', '=', subscription.id)]))
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    const refunds = await new RefundRepository(this.db).ofTransactions(transactionRows.map((t) => t.id));
    const transactions = transactionRows.map((t) => transactionView(t, refunds));

    const mails: CareMailView[] = (
      await this.db
        .selectFrom('outbox')
        .select(['id', 'kind', 'subject', 'to_email', 'status', 'created_at', 'sent_at'])
        .where('to_email', 'in', emails)
        .orderBy('created_at', 'desc')
        .limit(MAX_MAILS)
        .execute()
    ).map((m) => ({
      id: m.id,
      kind: m.kind,
      subject: m.subject,
      to: m.to_email,
      status: m.status,
      createdAt: m.created_at,
      sentAt: m.sent_at,
    }));

    // The time line reads the kept history alone (careEvents.ts).
    const events: CareEventView[] = await careTimeLine(this.db, subscription.id);
    return {
      subscription: this.subscriptionView(subscription),
      others: others.map((o) => this.hit(subscriptionOf(o), 'email')),
      transactions,
      mails,
      events,
    };
  }

  /** The subscription a payment belongs to (a purchase started it, or a renewal renewed it); null: none, or no such payment. */
  async subscriptionOfTransaction(transactionId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('transactions')
      .select(['subscription_id', 'renewal_of'])
      .where('id', '=', transactionId)
      .executeTakeFirst();
    return row ? (row.subscription_id ?? row.renewal_of) : null;
  }

  /** A subscription's status at now on its own clock (a test subscription's may run ahead). */
  private statusOf(subscription: Subscription) {
    return subscriptionStatusAt(subscription, clockOf(subscription, this.now()));
  }

  private hit(subscription: Subscription, matchedBy: CareSearchHit['matchedBy']): CareSearchHit {
    return {
      subscriptionId: subscription.id,
      brandSlug: subscription.brandSlug,
      offerName: subscription.offerName,
      ownerEmail: subscription.ownerEmail,
      billingEmail: subscription.billingEmail,
      status: this.statusOf(subscription),
      livemode: subscription.livemode,
      currentPeriodEnd: subscription.currentPeriodEnd,
      matchedBy,
    };
  }

  private subscriptionView(subscription: Subscription): CareSubscriptionView {
    const status = this.statusOf(subscription);
    return {
      id: subscription.id,
      brandSlug: subscription.brandSlug,
      offerId: subscription.offerId,
      offerName: subscription.offerName,
      status,
      livemode: subscription.livemode,
      ownerEmail: subscription.ownerEmail,
      billingEmail: subscription.billingEmail,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      trialEnd: subscription.trialEnd,
      paymentMethod: paymentMethodName(subscription.payment, serverWords(DEFAULT_LOCALE)),
      gateway: subscription.gateway,
      renewalAmount: subscription.renewalAmount,
      currencyCode: subscription.currencyCode,
      billingInterval: subscription.billingInterval,
      cancelRequestedAt: subscription.cancelRequestedAt,
      cancelReason: subscription.cancelReason,
      cancelChannel: subscription.cancelChannel,
      endedAt: subscription.endedAt,
      endReason: subscription.endReason,
      deliveryAddress: subscription.isPrint ? subscription.deliveryAddress : null,
      canCancelAtPeriodEnd: status === 'trialing' || status === 'active' || status === 'past_due',
      canEndNow: status !== 'ended',
    };
  }
}

type TransactionRow = Selectable<TransactionTable>;

function transactionView(t: TransactionRow, refunds: readonly Refund[]): CareTransactionView {
  const own = refunds.filter((r) => r.transactionId === t.id);
  const refunded = own.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
  const refundable = t.status === 'succeeded' && t.total > 0 && t.gateway_payment_id ? Math.max(0, t.total - Number(t.refund_reserved)) : 0;
  return {
    id: t.id,
    kind: t.kind === 'renewal' ? 'renewal' : 'purchase',
    status: t.status,
    gateway: t.gateway,
    invoiceNumber: t.invoice_number,
    currencyCode: t.currency_code as CurrencyCode,
    total: t.total,
    refunded,
    refundable,
    failureCode: t.failure_code,
    createdAt: t.created_at,
    refunds: own.map(careRefundView),
  };
}
