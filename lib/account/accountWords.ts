import type { SubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';

/** A subscription's status in words, as the account and its e-mails say it. */
export const STATUS_TEXT: Record<SubscriptionStatus, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment due',
  cancelling: 'Cancelled',
  ended: 'Ended',
};

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** "December 26, 2026": the same on the server and in any browser time zone. */
export const dateText = (instant: string): string => DATE.format(new Date(instant));

/** "December 26, 2026 at 10:00 UTC": when access ends, to the minute (a confirmation names date and time). */
export const dateTimeText = (instant: string): string => `${DATE.format(new Date(instant))} at ${TIME.format(new Date(instant))} UTC`;

/**
 * What happened to a subscription, as its History list in the account says it: never in a
 * status word, which the card says once (accountWords.test.ts).
 */
export const HISTORY_TEXT = {
  purchased: 'Subscribed',
  claimed: 'Added to your account',
  renewed: (until: string) => `Renewed until ${until}`,
  recovered: (until: string) => `Renewal paid after a failed payment, renewed until ${until}`,
  renewalFailed: 'A renewal payment did not go through',
  bankRefused: 'Your bank refused the renewal payment',
  newPrice: (price: string, from: string) => `New renewal price of ${price} from ${from}`,
  cancelled: 'Cancellation requested: it stops at the end of the period you paid for',
  resumed: 'Cancellation taken back: it renews again',
  ended: 'Subscription closed',
  addressChanged: 'Delivery address changed',
  paymentMethodChanged: 'Payment method changed',
  clockMoved: (days: number) => `Test clock moved ahead by ${days} day${days === 1 ? '' : 's'}`,
  refunded: (amount: string) => `Refund of ${amount} made`,
  reminded: 'Reminder of the coming renewal e-mailed',
  withdrawalDeclared: 'Withdrawal from the contract declared',
  withdrawalObjected: 'You told us a withdrawal was not yours: it was not applied',
  cancelDeclared: 'Cancellation declared on the cancel page',
} as const;

/**
 * Where a card went when its subscription stopped or started running while the page was open
 * (the account folds the ones that no longer run): `announced` is said to screen readers at
 * once, naming the card and where it is now; `shown` stays on the card in its new place.
 * Never a status word of their own, which the card says once (accountWords.test.ts).
 */
export const CARD_MOVE_TEXT = {
  announced: {
    ended: (card: string, fold: string) => `${card} no longer runs: it moved down, into “${fold}”, now open below.`,
    live: (card: string) => `${card} runs again: it moved up, among your running subscriptions.`,
  },
  shown: {
    ended: 'Moved down here: it no longer runs.',
    live: 'Moved up here: it runs again.',
  },
} as const;
