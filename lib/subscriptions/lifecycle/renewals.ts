import { renewalOf } from '@/lib/payments/methods';
import { afterFailedTry, dunningEndsAt } from '@/lib/subscriptions/renewalPolicy';
import { noticeKey } from '@/lib/subscriptions/renewalNotices';
import { NO_DUNNING } from '@/lib/subscriptions/subscription';
import { nextRunAfterStep, noticeDate, ownClock } from './clocks';
import type { LifecycleEvent } from './events';
import { applied, refused, type LifecycleMail, type LifecycleOutcome } from './outcome';
import type { LifecycleSubscription, SubscriptionChanges } from './state';

/*
 * The renewal's events: what the engine's steps (renewalEngine.ts over renewalSteps.ts and
 * renewalPolicy.ts), a bank's confirmation and a provider that renews by itself record
 * through RenewalRepository. Their instants are on the subscription's own clock.
 */

type Event<Kind extends LifecycleEvent['kind'], G extends string, I, C> = Extract<LifecycleEvent<G, I, C>, { kind: Kind }>;
type Current<G extends string, I, C> = LifecycleSubscription<G, I, C>;

/**
 * A paid sale from a provider counts as a renewal from a little before the period end on:
 * a period's sale may come a little before our period end (PayPal bills on its billing date,
 * in its own time of day); the first period's sale, the purchase itself, comes a period
 * before it (providerRenewalEvents.ts reads it too).
 */
export const SALE_EARLY_MS = 3 * 24 * 3600_000;

/** The renewal price of the period from `periodStart`: a noticed new price from the renewal it applies from, else theirs (renewalOrder.ts quotes it). */
export const renewalAmountFrom = (
  subscription: Pick<LifecycleSubscription, 'renewalAmount' | 'pendingPrice'>,
  periodStart: string,
): number =>
  subscription.pendingPrice && subscription.pendingPrice.from <= periodStart
    ? subscription.pendingPrice.amount
    : subscription.renewalAmount;

/** RenewalRepository.recordPaid, from the engine's charge, a bank's confirmation (renewalConfirmation.ts) or PayPal's sale (providerRenewalEvents.ts). */
export function renewalPaid<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'renewal-paid', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (event.by === 'provider') {
    if (subscription.status === 'ended') return refused('ended');
    const at = event.saleAt ? Date.parse(event.saleAt) : ownClock(subscription, now).getTime();
    if (at < Date.parse(subscription.currentPeriodEnd) - SALE_EARLY_MS) return refused('not-a-renewal');
  }
  if (subscription.currentPeriodEnd !== event.period.start) return refused('period-moved');
  const changes: SubscriptionChanges<G, I, C> = {
    status: 'active',
    currentPeriodStart: event.period.start,
    currentPeriodEnd: event.period.end,
    dunning: NO_DUNNING,
    needsPaymentMethod: false,
    updatedAt: ownClock(subscription, now).toISOString(),
    // The price the period was invoiced at (a noticed new one from the renewal it applies from), PayPal's sale too.
    renewalAmount: renewalAmountFrom(subscription, event.period.start),
    // A noticed new price is theirs once the renewal it applies from is paid.
    ...(subscription.pendingPrice && subscription.pendingPrice.from <= event.period.start ? { pendingPrice: null } : {}),
  };
  const recovered = event.by === 'bank' || subscription.dunning.tries > 0;
  const mails: LifecycleMail[] = [{ kind: 'renewal-receipt', recovered }];
  if (event.by === 'engine') return applied(changes, mails, nextRunAfterStep({ ...subscription, ...changes }, event.schedule, now));
  // A bank's confirmation (renewalPaymentActions.ts `dueNow`) and PayPal's sale make the engine due at once: it schedules
  // the new period's notices (a yearly one's reminder), which it could not before the period moved.
  return applied(changes, mails, now.toISOString());
}

/** RenewalRepository.recordFailed, from the engine's charge (renewalEngine.ts `recordCharge`) or PayPal's failed payment. */
export function renewalFailed<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'renewal-failed', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (subscription.status === 'ended') return refused('ended');
  const clock = ownClock(subscription, now);
  const { tries, pastDueSince } = subscription.dunning;
  if (event.by === 'provider') {
    // PayPal counts its failed payments: one counted already is a repeat.
    if (event.failedPayments !== null && subscription.status === 'past_due' && event.failedPayments <= tries) {
      return refused('counted-already');
    }
    const code = 'wallet_declined';
    const failed = afterFailedTry(event.policy, { tries, pastDueSince }, code, clock);
    // The provider tries again by itself: we never do.
    const dunning = {
      tries: event.failedPayments ?? failed.tries,
      pastDueSince: failed.pastDueSince,
      retryAt: null,
      graceUntil: failed.graceUntil,
    };
    const mails: LifecycleMail[] = tries === 0 ? [{ kind: 'renewal-failed', code, status: 'failed' }] : [];
    const changes = { status: 'past_due', dunning: { ...dunning, failureCode: code }, updatedAt: clock.toISOString() } as const;
    return applied(changes, mails, subscription.nextActionAt);
  }
  const failed = afterFailedTry(event.schedule.policy, { tries, pastDueSince }, event.code, clock, {
    retryHard: renewalOf(subscription.paymentMethod).retriesHardDecline(event.code),
  });
  // A bank that wants the buyer answers the same to every try without them: they are asked instead.
  const retryAt = event.status === 'requires_action' ? null : failed.retryAt;
  const changes: SubscriptionChanges<G, I, C> = {
    status: 'past_due',
    dunning: { tries: failed.tries, pastDueSince: failed.pastDueSince, retryAt, graceUntil: failed.graceUntil, failureCode: event.code },
    updatedAt: clock.toISOString(),
  };
  const mails: LifecycleMail[] = tries === 0 ? [{ kind: 'renewal-failed', code: event.code, status: event.status }] : [];
  return applied(changes, mails, nextRunAfterStep({ ...subscription, ...changes }, event.schedule, now));
}

/** RenewalRepository.recordHeldRefused (renewalConfirmation.ts `settleHeldRenewal`): the account then offers another card. */
export function heldRenewalRefused<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'held-renewal-refused', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (subscription.status !== 'past_due' || subscription.dunning.failureCode !== 'authentication_required') return refused('not-held');
  const changes = { dunning: { ...subscription.dunning, failureCode: event.code }, updatedAt: ownClock(subscription, now).toISOString() };
  return applied(changes, [], subscription.nextActionAt);
}

/** RenewalRepository.retryNow (chargeAfterCardChange.ts, and the engine when a card changed under its run); it stamps nothing. */
export function retriedNow<G extends string, I, C>(subscription: Current<G, I, C>, now: Date): LifecycleOutcome<G, I, C> {
  if (subscription.status !== 'past_due') return refused('not-past-due');
  const retryAt = ownClock(subscription, now).toISOString();
  return applied({ dunning: { ...subscription.dunning, retryAt } }, [], now.toISOString());
}

/** RenewalRepository.recordNotice (renewalEngine.ts `notify` and `askForCard`): a price change's new price then waits for its renewal. */
export function noticeSent<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'notice-sent', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  const key = noticeKey(event.notice, event.about);
  if (event.schedule.noticesSent.has(key)) return refused('sent-already');
  const newPrice = event.notice === 'price-change' ? event.schedule.catalogueRenewalAmount : null;
  const changes: SubscriptionChanges<G, I, C> =
    newPrice === null
      ? {}
      : {
          pendingPrice: { amount: newPrice, from: event.about },
          updatedAt: noticeDate(subscription, { at: event.dueAt }, ownClock(subscription, now)).toISOString(),
        };
  const mail: LifecycleMail =
    event.notice === 'card-needed'
      ? { kind: 'card-needed', about: event.about }
      : { kind: 'renewal-notice', notice: event.notice, about: event.about };
  const schedule = { ...event.schedule, noticesSent: new Set([...event.schedule.noticesSent, key]) };
  return applied(changes, [mail], nextRunAfterStep({ ...subscription, ...changes }, schedule, now));
}

/** CatalogueRepository.replaceAll: an offer's renewal price changed, its live subscribers are due at once for their notice; it stamps nothing. */
export function cataloguePriceChanged<G extends string, I, C>(subscription: Current<G, I, C>, now: Date): LifecycleOutcome<G, I, C> {
  if (subscription.status === 'ended') return refused('ended');
  return applied({}, [], now.toISOString());
}

/** RenewalRepository.end from the engine's `end` step (renewalEngine.ts `take`): its cancelled period is over. */
export function endedAtPeriodEnd<G extends string, I, C>(subscription: Current<G, I, C>, now: Date): LifecycleOutcome<G, I, C> {
  if (subscription.status === 'ended') return refused('ended');
  const changes: SubscriptionChanges<G, I, C> = {
    status: 'ended',
    endedAt: subscription.currentPeriodEnd,
    endReason: 'cancelled',
    dunning: { ...subscription.dunning, retryAt: null },
    updatedAt: ownClock(subscription, now).toISOString(),
  };
  return applied(changes, [], null);
}

/** RenewalRepository.end from the engine's `expire` step: past due to the last retry day, it ends unpaid on that day. */
export function endedUnpaid<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'ended-unpaid', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (subscription.status === 'ended') return refused('ended');
  if (subscription.status !== 'past_due' || !subscription.dunning.pastDueSince) return refused('not-past-due');
  const changes: SubscriptionChanges<G, I, C> = {
    status: 'ended',
    endedAt: dunningEndsAt(event.policy, subscription.dunning.pastDueSince),
    endReason: 'payment_failed',
    dunning: { ...subscription.dunning, retryAt: null },
    updatedAt: ownClock(subscription, now).toISOString(),
  };
  return applied(changes, [{ kind: 'renewal-ended' }], null);
}
