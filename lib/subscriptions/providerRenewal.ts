/**
 * How a provider that renews by itself (PayPal) goes about a period, as its sandbox mirrors
 * it: it takes the payment at the period end and, when that fails, tries again 5 and 10
 * days after the first failure; the third failure suspends the subscription, which ends it
 * unpaid. Real PayPal keeps its own schedule (its account's settings): only the sandbox
 * follows this one, so that the test clock moves it as it moves our own renewals.
 */
export const PROVIDER_RETRY_DAYS: readonly number[] = [5, 10];

/** The failed payments after which the provider suspends the subscription. */
export const PROVIDER_FAILURES_BEFORE_SUSPENSION = PROVIDER_RETRY_DAYS.length + 1;

const DAY_MS = 24 * 3600_000;

/**
 * When the provider next takes a payment: the period end, or while past due its next retry
 * after the first failure (`tries` failed so far); null once it has no retry left.
 */
export function providerRenewalAt(state: {
  status: string;
  currentPeriodEnd: string;
  dunning: { pastDueSince: string | null; tries?: number };
}): string | null {
  if (state.status !== 'past_due' || !state.dunning.pastDueSince) return state.currentPeriodEnd;
  const days = PROVIDER_RETRY_DAYS[(state.dunning.tries ?? 1) - 1];
  return days === undefined ? null : new Date(Date.parse(state.dunning.pastDueSince) + days * DAY_MS).toISOString();
}
