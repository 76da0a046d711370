import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';

const DAY_MS = 24 * 3600_000;

/** How a failed renewal is recovered (dunning). */
export interface DunningPolicy {
  /** Days after the first failed try at which a soft decline is tried again; after the last one fails, it ends. */
  retryDays: readonly number[];
  /** Days a past-due subscription keeps access after its first failed try. */
  graceDays: number;
}

/**
 * About two weeks, as card networks and Stripe's own retries allow: the next day (a payday
 * or a limit reset), then spaced out. A hard decline is not tried again, but the subscriber
 * has until the last day to give another card.
 */
export const DEFAULT_RETRY_DAYS: readonly number[] = [1, 3, 7, 14];

/**
 * Declines no retry can turn: the card or the wallet's agreement is gone, not short of
 * money for a day. Everything else (insufficient funds, a generic decline, the provider's
 * error) may pass tomorrow.
 */
const HARD_DECLINES: ReadonlySet<PaymentFailureCode> = new Set<PaymentFailureCode>([
  'expired_card',
  'invalid_number',
  'wallet_declined',
  'payment_method_required',
]);

export const isHardDecline = (code: PaymentFailureCode): boolean => HARD_DECLINES.has(code);

/** What a failed try leaves: when to try again (null: never), until when access is kept, and when it ends unpaid. */
export interface FailedTry {
  tries: number;
  pastDueSince: string;
  retryAt: string | null;
  graceUntil: string;
  endsAt: string;
}

/**
 * The dunning state after a try failed at `at`. `before`: the failed tries of this period so
 * far (0 for the renewal's first try) and when the first failed.
 */
export function afterFailedTry(
  policy: DunningPolicy,
  before: { tries: number; pastDueSince: string | null },
  code: PaymentFailureCode,
  at: Date,
  options: { retryHard?: boolean } = {},
): FailedTry {
  const since = before.pastDueSince ? new Date(before.pastDueSince) : at;
  const tries = before.tries + 1;
  const day = (days: number) => new Date(since.getTime() + days * DAY_MS).toISOString();
  const endsAt = day(policy.retryDays.at(-1) ?? 0);
  // tries counts the first one: its retries are retryDays[0], [1], …
  const nextRetry = policy.retryDays[tries - 1];
  const retryAt = (isHardDecline(code) && !options.retryHard) || nextRetry === undefined ? null : day(nextRetry);
  return { tries, pastDueSince: since.toISOString(), retryAt, graceUntil: day(policy.graceDays), endsAt };
}

/** When an unpaid period ends the subscription: the last retry day after its first failed try. */
export function dunningEndsAt(policy: DunningPolicy, pastDueSince: string): string {
  return new Date(Date.parse(pastDueSince) + (policy.retryDays.at(-1) ?? 0) * DAY_MS).toISOString();
}
