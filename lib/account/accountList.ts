import type { Words } from '@/lib/i18n/words';
import type { SubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import type { SubscriptionSummary } from './accountView';

/** Whether a subscription still runs: it gives access now and can be acted on (cancelled, resumed, paid). */
export const isLive = (status: SubscriptionStatus): boolean => status !== 'ended';

/**
 * The account's list as a subscriber reads it: the subscriptions that still run first, each
 * group in the order given (newest first from the store), so that what can still be acted
 * on is at the top and ended or undone purchases wait below.
 */
export function arrangeSubscriptions<S extends Pick<SubscriptionSummary, 'status'>>(
  subscriptions: readonly S[],
): { live: S[]; ended: S[] } {
  return {
    live: subscriptions.filter((subscription) => isLive(subscription.status)),
    ended: subscriptions.filter((subscription) => !isLive(subscription.status)),
  };
}

/**
 * The line that tells two subscriptions to the same plan apart: the plan, since when, and
 * what pays for it, to be shown joined by " · " ("Vogue Digital · since November 3, 2026 ·
 * Visa ending in 4242"). In parts, so that the view can mark the payment method.
 */
export function subscriptionLine(
  words: Words,
  subscription: Pick<SubscriptionSummary, 'offerName' | 'startedOn' | 'paymentMethod'>,
): [plan: string, since: string, paymentMethod: string] {
  return [subscription.offerName, words.t('account.card.since', { date: words.date(subscription.startedOn) }), subscription.paymentMethod];
}

/**
 * A card's name in a sentence, told apart from another to the same plan by when it started:
 * "Vogue: Vogue Digital, since November 1, 2026".
 */
export const cardName = (words: Words, subscription: Pick<SubscriptionSummary, 'brandName' | 'offerName' | 'startedOn'>): string =>
  words.t('account.card.name', { brand: subscription.brandName, offer: subscription.offerName, date: words.date(subscription.startedOn) });

/** The fold's summary: "Ended subscriptions (2)". */
export const endedFoldLabel = (words: Words, count: number): string => words.t('account.list.endedFold', { count });
