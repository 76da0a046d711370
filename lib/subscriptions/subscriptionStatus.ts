/**
 * A subscription's status as stored, and as it stands at a moment. "Cancelling" is a
 * stored flag on a live status; its end follows from the period end, so it is computed
 * here rather than moved by a job.
 */
export const STORED_SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'ended'] as const;
export type StoredSubscriptionStatus = (typeof STORED_SUBSCRIPTION_STATUSES)[number];
export type SubscriptionStatus = StoredSubscriptionStatus | 'cancelling';

/** What the status at a moment is computed from. Times are ISO 8601 instants. */
export interface SubscriptionTimeline {
  status: StoredSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
  endedAt: string | null;
}

export function subscriptionStatusAt(subscription: SubscriptionTimeline, now: Date): SubscriptionStatus {
  if (subscription.status === 'ended') return 'ended';
  if (subscription.cancelAtPeriodEnd) return now.getTime() >= Date.parse(subscription.currentPeriodEnd) ? 'ended' : 'cancelling';
  return subscription.status;
}

/** Whether the subscriber may read now, and until when (null: nothing to read). */
export interface Entitlement {
  access: boolean;
  /** The end of the paid (or trial) period; access goes on after it only if the subscription renews. */
  until: string | null;
  renews: boolean;
}

export function entitlementAt(subscription: SubscriptionTimeline, now: Date): Entitlement {
  const status = subscriptionStatusAt(subscription, now);
  if (status === 'ended') return { access: false, until: null, renews: false };
  return { access: true, until: subscription.currentPeriodEnd, renews: status !== 'cancelling' };
}

/** When a subscription's ending is the end of its period: the instant it ended, or will. */
export function endsAt(subscription: SubscriptionTimeline): string | null {
  if (subscription.status === 'ended') return subscription.endedAt ?? subscription.currentPeriodEnd;
  return subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null;
}
