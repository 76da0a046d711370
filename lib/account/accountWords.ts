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
