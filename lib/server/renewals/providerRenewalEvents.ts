import type { Kysely } from 'kysely';
import { GatewayEventRepository } from '@/lib/server/checkout/GatewayEventRepository';
import { applyGatewayEvent } from '@/lib/server/checkout/reconcile';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { Database } from '@/lib/server/db/schema';
import type { GatewayEvent, GatewayEventOutcome, GatewayName, ProviderRenewalEvent } from '@/lib/server/payments/PaymentGateway';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { afterFailedTry } from '@/lib/subscriptions/renewalPolicy';
import type { RenewalDeps } from './renewalEngine';
import { renewalMails } from './renewalMails';
import { renewalPeriod, renewalTransaction } from './renewalOrder';
import { RenewalRepository } from './RenewalRepository';
import { clockOf } from './testClock';

/** What moving a subscription by its provider's events needs of the renewal engine's dependencies. */
export type ProviderEventDeps = Pick<RenewalDeps, 'db' | 'now' | 'policy' | 'origin' | 'log'>;

/**
 * A period's sale may come a little before our period end (PayPal bills on its billing date,
 * in its own time of day); the first period's sale, the purchase itself, comes a period
 * before it.
 */
const SALE_EARLY_MS = 3 * 24 * 3600_000;

/**
 * Applies a gateway event once: to the checkout's transaction while its purchase is open
 * (reconcile.ts), else, for a provider that renews by itself (PayPal, real or sandbox), to
 * the subscription that purchase started, as our own renewal engine records a renewal: a
 * later period's sale renews it (invoice, period, receipt), a failed payment makes it past
 * due (PayPal tries again, not us), a suspension not of our making ends it unpaid, a
 * cancellation at the provider ends it. Each write is guarded by the state it moves from, so
 * a redelivery changes nothing; the event's id is recorded once it is applied.
 */
export async function applyProviderEvent(deps: ProviderEventDeps, event: GatewayEvent): Promise<GatewayEventOutcome> {
  const found = event.renewal ? await settledSubscription(deps, event.gateway, event.paymentId) : null;
  if (!event.renewal || !found) return applyGatewayEvent(deps.db, event, deps.now);
  const { purchase, subscription } = found;
  if (event.livemode !== undefined && event.livemode !== subscription.livemode) return 'unmatched';
  if (await seen(deps.db, event.id)) return 'duplicate';
  const moved = await moveSubscription(deps, subscription, purchase, event.gateway, event.renewal, event.id);
  deps.log?.(`[renewals] ${subscription.id}: ${event.gateway} ${event.renewal.kind}: ${moved}`);
  await new GatewayEventRepository(deps.db).recordOnce(event, deps.now());
  return 'applied';
}

/** The subscription a settled purchase started, by the provider's id for it; null while the purchase is open (the checkout's). */
async function settledSubscription(
  deps: ProviderEventDeps,
  gateway: GatewayName,
  paymentId: string,
): Promise<{ purchase: Transaction; subscription: Subscription } | null> {
  const row = await deps.db
    .selectFrom('transactions')
    .select(['id', 'subscription_id'])
    .where('gateway', '=', gateway)
    .where('gateway_payment_id', '=', paymentId)
    .where('kind', '=', 'purchase')
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  if (!row?.subscription_id) return null;
  const purchase = await new TransactionRepository(deps.db, deps.now).findById(row.id);
  const subscription = await new SubscriptionRepository(deps.db, deps.now).findById(row.subscription_id);
  return purchase && subscription ? { purchase, subscription } : null;
}

const seen = async (db: Kysely<Database>, eventId: string): Promise<boolean> =>
  (await db.selectFrom('gateway_events').select('id').where('id', '=', eventId).executeTakeFirst()) !== undefined;

/** What the event did to the subscription, in a few words (for the log). */
async function moveSubscription(
  deps: ProviderEventDeps,
  subscription: Subscription,
  purchase: Transaction,
  gateway: GatewayName,
  renewal: ProviderRenewalEvent,
  eventId: string,
): Promise<string> {
  if (subscription.status === 'ended') return 'ended already';
  const repository = new RenewalRepository(deps.db);
  // Its history names the provider's event as the cause.
  const recorded = { before: subscription, actor: { kind: 'provider' as const, id: eventId } };
  // On the subscription's own clock, as the engine records: a sandbox's test clock may run ahead.
  const clock = clockOf(subscription, deps.now());
  const mails = renewalMails(subscription, purchase, deps.origin);
  const period = renewalPeriod(subscription);

  if (renewal.kind === 'paid') {
    if (await saleRecorded(deps.db, gateway, renewal.saleId)) return 'sale recorded already';
    const at = renewal.at ? Date.parse(renewal.at) : clock.getTime();
    // The first period's sale is the purchase (or a period recorded already): only a sale from the period's end on renews.
    if (at < Date.parse(subscription.currentPeriodEnd) - SALE_EARLY_MS) {
      // The purchase's own sale (it comes within moments of it) is kept: a refund of the purchase names it.
      if (at <= Date.parse(purchase.createdAt) + SALE_EARLY_MS) {
        await new TransactionRepository(deps.db, deps.now).recordProviderCharge(purchase.id, renewal.saleId);
        return 'not a renewal (the purchase’s sale)';
      }
      return 'not a renewal';
    }
    const row = renewalTransaction(subscription, purchase, period, clock);
    if ((await repository.openCharge(row, clock)).status === 'succeeded') return 'period paid already';
    const recovered = subscription.dunning.tries > 0;
    const paid = await repository.recordPaid(
      { transactionId: row.id, paymentId: renewal.saleId, period, at: clock },
      subscription.id,
      (invoiceNumber) => mails?.receipt({ invoiceNumber, total: row.total, period, recovered }) ?? null,
      recorded,
    );
    return paid ? (recovered ? 'renewed (recovered)' : 'renewed') : 'recorded already';
  }

  if (renewal.kind === 'payment-failed') {
    const { tries } = subscription.dunning;
    // PayPal counts its failed payments: one counted already is a repeat.
    if (renewal.failedPayments !== null && subscription.status === 'past_due' && renewal.failedPayments <= tries) return 'counted already';
    const row = renewalTransaction(subscription, purchase, period, clock);
    if ((await repository.openCharge(row, clock)).status === 'succeeded') return 'period paid already';
    const code: PaymentFailureCode = 'wallet_declined';
    const failed = afterFailedTry(deps.policy, { tries, pastDueSince: subscription.dunning.pastDueSince }, code, clock);
    // The provider tries again by itself: we never do.
    const dunning = { ...failed, tries: renewal.failedPayments ?? failed.tries, retryAt: null };
    const mail = tries === 0 ? (mails?.failed(row.total, code, 'failed', dunning) ?? null) : null;
    const charged = { transactionId: row.id, paymentId: null, period, at: clock, code, status: 'failed' as const };
    return (await repository.recordFailed(charged, subscription.id, dunning, mail, recorded))
      ? `past due (${dunning.tries})`
      : 'recorded already';
  }

  if (renewal.kind === 'suspended') {
    // Our own pause of a cancelled subscription (providerRenewals.ts), or one taken back while it travelled: not a refusal.
    if (subscription.cancelAtPeriodEnd || subscription.providerPaused) return 'paused by us';
    const ended = await repository.end(subscription.id, 'payment_failed', clock.toISOString(), clock, mails?.ended() ?? null, recorded);
    return ended ? 'ended (unpaid)' : 'ended already';
  }

  // Cancelled at the provider: by the buyer in their account (it ends now), or by our own end step once its cancelled period is over.
  if (subscription.cancelAtPeriodEnd && clock.toISOString() < subscription.currentPeriodEnd) return 'cancelling: ends at its period end';
  const endedAt = subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : clock.toISOString();
  return (await repository.end(subscription.id, 'cancelled', endedAt, clock, null, recorded)) ? 'ended (cancelled)' : 'ended already';
}

/** A renewal already paid by this sale (a redelivery whose event id was lost, or the sandbox asked again). */
const saleRecorded = async (db: Kysely<Database>, gateway: GatewayName, saleId: string): Promise<boolean> =>
  (await db
    .selectFrom('transactions')
    .select('id')
    .where('gateway', '=', gateway)
    .where('gateway_payment_id', '=', saleId)
    .where('kind', '=', 'renewal')
    .executeTakeFirst()) !== undefined;
