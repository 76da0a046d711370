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
import { applyEvent, SALE_EARLY_MS, type RefusalReason } from '@/lib/subscriptions/lifecycle/lifecycle';
import { afterFailedTry } from '@/lib/subscriptions/renewalPolicy';
import type { ServerEvent } from '@/lib/server/subscriptions/writeEvent';
import type { RenewalDeps } from './renewalEngine';
import { renewalMails } from './renewalMails';
import { renewalPeriod, renewalTransaction } from './renewalOrder';
import { RenewalRepository } from './RenewalRepository';
import { clockOf } from './testClock';

/** What moving a subscription by its provider's events needs of the renewal engine's dependencies. */
export type ProviderEventDeps = Pick<RenewalDeps, 'db' | 'now' | 'policy' | 'origin' | 'log'>;

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

/** The lifecycle's event for a provider's renewal event. */
function lifecycleEventOf(deps: ProviderEventDeps, renewal: ProviderRenewalEvent, period: { start: string; end: string }): ServerEvent {
  switch (renewal.kind) {
    case 'paid':
      return { kind: 'renewal-paid', by: 'provider', saleAt: renewal.at ?? null, period };
    case 'payment-failed':
      return { kind: 'renewal-failed', by: 'provider', failedPayments: renewal.failedPayments, policy: deps.policy };
    case 'suspended':
      return { kind: 'provider-suspended' };
    case 'cancelled':
      return { kind: 'provider-cancelled' };
  }
}

/** What a refused event did (nothing), in the log's words. */
const REFUSED: Partial<Record<RefusalReason, string>> = {
  ended: 'ended already',
  'counted-already': 'counted already',
  'paused-by-us': 'paused by us',
  'ends-at-period-end': 'cancelling: ends at its period end',
  'not-a-renewal': 'not a renewal',
  'period-moved': 'recorded already',
};

/**
 * What the event did to the subscription, in a few words (for the log). The lifecycle
 * decides, as for the engine's own renewals: it is asked first, so that an event it refuses
 * opens no renewal transaction, and again by the write, on the row as it then is.
 */
async function moveSubscription(
  deps: ProviderEventDeps,
  subscription: Subscription,
  purchase: Transaction,
  gateway: GatewayName,
  renewal: ProviderRenewalEvent,
  eventId: string,
): Promise<string> {
  const repository = new RenewalRepository(deps.db);
  // Its history names the provider's event as the cause.
  const recorded = { actor: { kind: 'provider' as const, id: eventId } };
  const now = deps.now();
  // On the subscription's own clock, as the engine records: a sandbox's test clock may run ahead.
  const clock = clockOf(subscription, now);
  const mails = renewalMails(subscription, purchase, deps.origin);
  const period = renewalPeriod(subscription);
  const event = lifecycleEventOf(deps, renewal, period);
  const move = { subscription, event, now };

  if (renewal.kind === 'paid' && subscription.status !== 'ended' && (await saleRecorded(deps.db, gateway, renewal.saleId))) {
    return 'sale recorded already';
  }
  const decided = applyEvent(subscription, event, now);
  if (decided.kind === 'refused') {
    const at = renewal.kind === 'paid' && renewal.at ? Date.parse(renewal.at) : clock.getTime();
    // The purchase's own sale (it comes within moments of it) is kept: a refund of the purchase names it.
    if (renewal.kind === 'paid' && decided.reason === 'not-a-renewal' && at <= Date.parse(purchase.createdAt) + SALE_EARLY_MS) {
      await new TransactionRepository(deps.db, deps.now).recordProviderCharge(purchase.id, renewal.saleId);
      return 'not a renewal (the purchase’s sale)';
    }
    return REFUSED[decided.reason] ?? decided.reason;
  }

  if (renewal.kind === 'paid') {
    const row = renewalTransaction(subscription, purchase, period, clock);
    if ((await repository.openCharge(row, clock)).status === 'succeeded') return 'period paid already';
    const recovered = subscription.dunning.tries > 0;
    const paid = await repository.recordPaid(
      { transactionId: row.id, paymentId: renewal.saleId, period, at: clock },
      move,
      (invoiceNumber) => mails?.receipt({ invoiceNumber, total: row.total, period, recovered }) ?? null,
      recorded,
    );
    return paid ? (recovered ? 'renewed (recovered)' : 'renewed') : 'recorded already';
  }

  if (renewal.kind === 'payment-failed') {
    const row = renewalTransaction(subscription, purchase, period, clock);
    if ((await repository.openCharge(row, clock)).status === 'succeeded') return 'period paid already';
    const code: PaymentFailureCode = 'wallet_declined';
    // The mail's dates, as the lifecycle writes them (with the day it would end, which the record does not keep).
    const failed = afterFailedTry(deps.policy, subscription.dunning, code, clock);
    const dunning = { ...failed, tries: renewal.failedPayments ?? failed.tries, retryAt: null };
    const mail = mails?.failed(row.total, code, 'failed', dunning) ?? null;
    const charged = { transactionId: row.id, paymentId: null, period, at: clock, code, status: 'failed' as const };
    return (await repository.recordFailed(charged, move, mail, recorded)) ? `past due (${dunning.tries})` : 'recorded already';
  }

  const ended = await repository.end(move, clock, mails?.ended() ?? null, recorded);
  return ended ? (renewal.kind === 'suspended' ? 'ended (unpaid)' : 'ended (cancelled)') : 'ended already';
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
