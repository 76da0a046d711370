import { subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';
import type { ImmediateEndReason } from '@/lib/subscriptions/subscription';
import type { LifecycleEvent } from './events';
import { applied, refused, type LifecycleMail, type LifecycleOutcome } from './outcome';
import type { LifecycleSubscription, SubscriptionChanges } from './state';

/*
 * What the subscriber, customer care, a withdrawal and an undone duplicate do to a
 * subscription (SubscriptionService over SubscriptionRepository), in real time: each
 * refusal is the state the guarded update, or the service's check before it, does not move from.
 */

type Event<Kind extends LifecycleEvent['kind'], G extends string, I, C> = Extract<LifecycleEvent<G, I, C>, { kind: Kind }>;
type Current<G extends string, I, C> = LifecycleSubscription<G, I, C>;

/** Gives access at `now`: not ended, nor cancelled with its period over (SubscriptionRepository `liveAt`). */
const liveAt = (subscription: LifecycleSubscription, now: Date): boolean =>
  subscriptionStatusAt({ ...subscription, endedAt: null }, now) !== 'ended';

const normalise = (email: string) => email.trim().toLowerCase();

/** SubscriptionRepository.claimForVerifiedEmail (IdentityService's sign-in, claimingSessions.ts). */
export function claimed<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'claimed', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (subscription.ownerEmail !== null) return refused('owned');
  const address = normalise(event.email);
  if (subscription.billingEmail !== address) return refused('other-address');
  return applied({ ownerEmail: address, updatedAt: now.toISOString() }, [], subscription.nextActionAt);
}

/** SubscriptionService.cancelRecord over SubscriptionRepository.markCancelling, with SubscriptionNotices.cancelled. */
export function cancelRequested<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'cancel-requested', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  const status = subscriptionStatusAt(subscription, now);
  if (status === 'ended') return refused('ended');
  if (status === 'cancelling') return refused('cancelled-already');
  const changes: SubscriptionChanges<G, I, C> = {
    cancelAtPeriodEnd: true,
    cancelRequestedAt: event.requestedAt ?? now.toISOString(),
    cancelReason: event.reason,
    cancelChannel: event.channel,
    updatedAt: now.toISOString(),
  };
  // Nobody signed in on the public cancel page: its confirmation carries a one-click way to keep it.
  const mail: LifecycleMail = { kind: event.channel === 'cancel-page' ? 'cancel-request' : 'cancellation' };
  // The engine looks again at once: the step after a cancel is the end, not a charge or a notice.
  return applied(changes, [mail], now.toISOString());
}

/**
 * SubscriptionService.resumeRecord over SubscriptionRepository.markResumed, with what it
 * records of a provider that renews by itself (`clearProviderPausedIfUnchanged`, or
 * `markProviderUnsettled` for the settling pass) and SubscriptionNotices.resumed.
 */
export function resumed<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'resumed', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  const status = subscriptionStatusAt(subscription, now);
  if (status === 'ended') return refused('ended');
  if (status !== 'cancelling') return refused('not-cancelled');
  const provider: SubscriptionChanges<G, I, C> =
    event.provider === 'resumed' && subscription.providerPaused
      ? { providerPaused: false }
      : event.provider === 'not-asked' && !subscription.providerPaused
        ? { providerPaused: true, providerTries: 0 }
        : {};
  const changes: SubscriptionChanges<G, I, C> = {
    cancelAtPeriodEnd: false,
    cancelRequestedAt: null,
    cancelReason: null,
    cancelChannel: null,
    ...provider,
    updatedAt: now.toISOString(),
  };
  return applied(changes, [{ kind: 'resumed' }], now.toISOString());
}

/** Each reason's own mail, queued in the ending transaction: customer care's notice, a withdrawal's confirmation; an undone duplicate's page says it. */
const ENDED_NOW_MAILS: { [Reason in ImmediateEndReason]: readonly LifecycleMail[] } = {
  ended_by_care: [{ kind: 'ended-by-care' }],
  withdrawn: [{ kind: 'withdrawal' }],
  duplicate_undone: [],
};

/**
 * SubscriptionService.endNow over SubscriptionRepository.markEndedNow: customer care
 * (careActions.ts), a withdrawal (WithdrawalService.ts), an undone duplicate (undoPurchase.ts).
 * Marked cancelled too, so that a provider renewing by itself is told to stop.
 */
export function endedNow<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'ended-now', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (!liveAt(subscription, now)) return refused('ended');
  const at = now.toISOString();
  const changes: SubscriptionChanges<G, I, C> = {
    status: 'ended',
    endedAt: at,
    endReason: event.reason,
    cancelAtPeriodEnd: true,
    ...(subscription.cancelRequestedAt === null ? { cancelRequestedAt: at } : {}),
    dunning: { ...subscription.dunning, retryAt: null },
    updatedAt: at,
  };
  return applied(changes, ENDED_NOW_MAILS[event.reason], null);
}

/** SubscriptionService.recordCard over SubscriptionRepository.setCard, with SubscriptionNotices.cardChanged. */
export function cardSet<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'card-set', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (subscription.paymentMethod !== 'card') return refused('not-card');
  if (!liveAt(subscription, now)) return refused('ended');
  // The same card recorded again changes nothing (a confirmation repeated in two tabs sends one e-mail).
  if (subscription.instrument !== null && JSON.stringify(subscription.instrument) === JSON.stringify(event.instrument)) {
    return refused('same-card');
  }
  const changes: SubscriptionChanges<G, I, C> = {
    gateway: event.gateway,
    instrument: event.instrument,
    payment: event.payment,
    needsPaymentMethod: false,
    updatedAt: now.toISOString(),
  };
  return applied(changes, [{ kind: 'card-changed' }], subscription.nextActionAt);
}

/** SubscriptionService.changeDeliveryAddress over SubscriptionRepository.setDeliveryAddress, with SubscriptionNotices.addressChanged. */
export function deliveryAddressChanged<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'delivery-address-changed', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (!subscription.isPrint) return refused('not-print');
  if (!liveAt(subscription, now)) return refused('ended');
  const changes = { deliveryAddress: event.address, updatedAt: now.toISOString() };
  return applied(changes, [{ kind: 'address-changed' }], subscription.nextActionAt);
}

/** SubscriptionService.changeBusiness (and finance's check of a VAT number) over SubscriptionRepository.setBusiness: no e-mail. */
export function businessChanged<G extends string, I, C>(
  subscription: Current<G, I, C>,
  event: Event<'business-changed', G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (!liveAt(subscription, now)) return refused('ended');
  return applied({ business: event.business, updatedAt: now.toISOString() }, [], subscription.nextActionAt);
}
