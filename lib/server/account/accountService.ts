import type { PageI18n } from '@/lib/i18n/pageI18n';
import { subscriberI18n, type Reader } from '@/lib/server/i18n/subscriberWords';
import type { AccountPageProps, SubscriptionSummary } from '@/lib/account/accountView';
import { invoiceLink } from '@/lib/invoices/invoicePage';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { clockMovable, clockOf } from '@/lib/server/renewals/testClock';
import { renewalTaxRate } from '@/lib/server/renewals/renewalOrder';
import { RefundRepository } from '@/lib/server/refunds/RefundRepository';
import { eligibilityOf } from '@/lib/server/withdrawal/eligibilityOf';
import { WithdrawalRepository } from '@/lib/server/withdrawal/WithdrawalRepository';
import { historiesOf } from '@/lib/server/subscriptions/subscriptionHistory';
import { accountHistory } from './accountHistory';
import { brandLooks } from './brandLooks';
import { subscriptionSummary } from './subscriptionSummary';

type AccountServer = Pick<ServerContext, 'db' | 'clock' | 'catalogue' | 'config'>;

/** Summaries of these subscriptions with their invoices, their History lines and their brands' names. */
export async function summariesOf(server: AccountServer, subscriptions: Subscription[]): Promise<SubscriptionSummary[]> {
  const looks = brandLooks(await server.catalogue.get());
  const subscriptionIds = subscriptions.map((subscription) => subscription.id);
  // The paid orders decide a withdrawal; the invoices are what the account lists.
  const paid = await new TransactionRepository(server.db).paidOfSubscriptions(subscriptionIds);
  const invoices = await new InvoiceRepository(server.db).ofSubscriptions(subscriptionIds);
  const refunded = await new RefundRepository(server.db).refundedOf(paid.map((transaction) => transaction.id));
  const withdrawn = await new WithdrawalRepository(server.db).withdrawnAmong(subscriptions.map((subscription) => subscription.id));
  const histories = await historiesOf(
    server.db,
    subscriptions.map((subscription) => subscription.id),
  );
  const now = server.clock();
  return subscriptions.map((subscription) => {
    const purchase = paid.find((transaction) => transaction.id === subscription.transactionId);
    // A refund under way counts as made here: the withdraw page reads the reservation and says why it is refused.
    const canWithdraw =
      purchase !== undefined &&
      eligibilityOf(subscription, purchase, { reserved: refunded.get(purchase.id) ?? 0, withdrawn: withdrawn.has(subscription.id) }, now)
        .eligible;
    return {
      ...subscriptionSummary(
        subscription,
        looks.get(subscription.brandSlug)?.name ?? subscription.brandSlug,
        invoices
          .filter((invoice) => invoice.subscriptionId === subscription.id)
          .map((invoice) => invoiceLink(invoice, refunded.get(invoice.transactionId))),
        clockOf(subscription, now),
        clockMovable(subscription, server.config),
        purchase ? renewalTaxRate(subscription, purchase) : null,
      ),
      canWithdraw,
      history: accountHistory(histories.get(subscription.id) ?? [], !subscription.livemode),
    };
  });
}

/**
 * The account of a verified identity: its subscriptions (test-mode ones only in test mode),
 * shown in the brand's look when they are all one brand's.
 */
/**
 * The signed-in subscriber's account: their subscriptions, in the locale their link names,
 * else that of their newest subscription.
 */
export async function loadAccount(
  server: AccountServer,
  email: string,
  livemode: boolean,
  asked: Reader | null = null,
): Promise<AccountPageProps & { i18n: PageI18n }> {
  const subscriptions = await new SubscriptionRepository(server.db, server.clock).listForOwner(email, { includeTest: !livemode });
  const brands = new Set(subscriptions.map((subscription) => subscription.brandSlug));
  const [only] = brands;
  const brand = brands.size === 1 && only ? (brandLooks(await server.catalogue.get()).get(only) ?? null) : null;
  const i18n = subscriberI18n(asked ?? subscriptions[0] ?? null);
  return { email, livemode, subscriptions: await summariesOf(server, subscriptions), brand, i18n };
}
