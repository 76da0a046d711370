import { ownClock } from './clocks';
import type { LifecycleEvent } from './events';
import { applied, refused, type LifecycleOutcome } from './outcome';
import type { LifecycleSubscription, SubscriptionChanges } from './state';

/*
 * A provider that renews by itself (PayPal): its events that end a subscription
 * (providerRenewalEvents.ts `moveSubscription`, on the subscription's own clock; its paid and
 * failed payments are renewals.ts's), and the settling of its pause with our cancellation
 * (providerRenewals.ts `settleAtProvider` over SubscriptionRepository). None of them moves
 * the engine's schedule.
 */

type Event<Kind extends LifecycleEvent['kind'], G extends string, I, C> = Extract<LifecycleEvent<G, I, C>, { kind: Kind }>;
type Current<G extends string, I, C> = LifecycleSubscription<G, I, C>;

/**
 * Refusals in a row after which the settling pass stops asking a provider to pause or resume
 * a subscription's renewals: a refusal (a 4xx) does not change by asking again, and asking
 * every pass for ever only fills the log. An operator is told, and settles it at the provider.
 */
export const MAX_PROVIDER_TRIES = 10;

/** A suspension not of our making ends it unpaid, now; our own pause of a cancelled one (or one taken back meanwhile) is not one. */
export function providerSuspended<G extends string, I, C>(subscription: Current<G, I, C>, now: Date): LifecycleOutcome<G, I, C> {
  if (subscription.status === 'ended') return refused('ended');
  if (subscription.cancelAtPeriodEnd || subscription.providerPaused) return refused('paused-by-us');
  const changes: SubscriptionChanges<G, I, C> = {
    status: 'ended',
    endedAt: ownClock(subscription, now).toISOString(),
    endReason: 'payment_failed',
    dunning: { ...subscription.dunning, retryAt: null },
    updatedAt: ownClock(subscription, now).toISOString(),
  };
  return applied(changes, [{ kind: 'renewal-ended' }], subscription.nextActionAt);
}

/** Cancelled at the provider: by the buyer there (it ends now), or by our own end step once its cancelled period is over. */
export function providerCancelled<G extends string, I, C>(subscription: Current<G, I, C>, now: Date): LifecycleOutcome<G, I, C> {
  if (subscription.status === 'ended') return refused('ended');
  const clock = ownClock(subscription, now).toISOString();
  if (subscription.cancelAtPeriodEnd && clock < subscription.currentPeriodEnd) return refused('ends-at-period-end');
  const changes: SubscriptionChanges<G, I, C> = {
    status: 'ended',
    endedAt: subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : clock,
    endReason: 'cancelled',
    dunning: { ...subscription.dunning, retryAt: null },
    updatedAt: clock,
  };
  return applied(changes, [], subscription.nextActionAt);
}

/** SubscriptionRepository.recordProviderRenewals: what the provider confirmed, only while the record still wants it. */
export function providerSettled<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'provider-settled', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (subscription.cancelAtPeriodEnd !== event.paused) return refused('changed-meanwhile');
  return applied({ providerPaused: event.paused, providerTries: 0, updatedAt: now.toISOString() }, [], subscription.nextActionAt);
}

/**
 * SubscriptionRepository.markProviderUnsettled: the provider could not be asked, so the
 * record is left as the settling pass picks it up (paused marked off to pause it, on to
 * resume it), its refusals of the other request forgotten.
 */
export function providerUnsettled<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'provider-unsettled', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (subscription.cancelAtPeriodEnd !== event.wantPaused) return refused('changed-meanwhile');
  const flag = !event.wantPaused;
  if (subscription.providerPaused === flag) return refused('marked-already');
  return applied({ providerPaused: flag, providerTries: 0, updatedAt: now.toISOString() }, [], subscription.nextActionAt);
}

/** SubscriptionRepository.countProviderRefusal: the write that reaches the limit is the one that tells the operators; it stamps nothing. */
export function providerRefusalCounted<G extends string, I, C>(subscription: Current<G, I, C>): LifecycleOutcome<G, I, C> {
  const tries = subscription.providerTries ?? 0;
  if (tries >= MAX_PROVIDER_TRIES) return refused('given-up');
  return applied({ providerTries: tries + 1 }, [], subscription.nextActionAt);
}
