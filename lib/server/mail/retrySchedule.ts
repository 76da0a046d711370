const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The waits before each retry of a mail whose try failed: quick at first (a server that
 * hiccupped), then longer (a server that is down for hours). Seven tries in all over about
 * 21 hours; after the last failure the mail is given up ('failed').
 */
export const RETRY_DELAYS_MS: readonly number[] = [1 * MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS];

/** When to try again after `attemptsMade` tries failed, or null when that was the last. */
export function nextAttemptAt(attemptsMade: number, at: Date, delays: readonly number[] = RETRY_DELAYS_MS): Date | null {
  const delay = delays[attemptsMade - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}
