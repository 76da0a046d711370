import { eachAtMost } from '@/lib/server/eachAtMost';
import { SubscriptionRepository } from './SubscriptionRepository';
import { renewsByItself } from '@/lib/server/payments/renewalLookup';
import { settleAtProvider, type ProviderRenewalOutcome, type ProviderRenewalsDeps } from './providerRenewals';

export interface ProviderRenewalsPassOptions {
  /** At most this many subscriptions each way per pass, the soonest to renew first. */
  limit?: number;
  /** How many providers' calls are under way at once: a few, so that a backlog after an outage clears without flooding the provider. */
  concurrency?: number;
  /**
   * Records changed more recently than this are left to the next pass: the cancellation (or
   * resume) that changed one may still be asking the provider itself (PayPal's own timeout
   * is 15 s).
   */
  quietMs?: number;
}

/**
 * The retry of what a cancellation could not tell the provider at once: every cancelled
 * subscription whose provider renews it by itself (PayPal) and has not confirmed the pause
 * is paused there before its period ends, so that nothing is charged for a period the
 * subscriber cancelled; and the reverse, every resumed one whose renewals may still be
 * paused there is started again. Each is settled by `settleAtProvider`, whose guarded
 * updates make it safe to run on several instances at once: two instances settling the
 * same subscription both ask the provider, which does it once, and both record the same.
 */
export async function settleProviderRenewals(
  deps: ProviderRenewalsDeps,
  options: ProviderRenewalsPassOptions = {},
): Promise<ProviderRenewalOutcome[]> {
  const names = deps.gateways.filter(renewsByItself).map((gateway) => gateway.name);
  const records = new SubscriptionRepository(deps.db, deps.now);
  const query = { quietBefore: new Date(deps.now().getTime() - (options.quietMs ?? 60_000)), limit: options.limit ?? 100 };
  const due = [...(await records.awaitingProviderPause(names, query)), ...(await records.awaitingProviderResume(names, query))];
  const outcomes = await eachAtMost(options.concurrency ?? 4, due, async (subscription): Promise<ProviderRenewalOutcome | null> => {
    try {
      return await settleAtProvider(deps, subscription);
    } catch (error) {
      // The database away for this one: the others go on, and the next pass finds it again.
      deps.log(`[subscriptions] could not settle the renewals of ${subscription.id} at ${subscription.gateway}`, error);
      return { kind: 'left', subscriptionId: subscription.id, reason: 'the record could not be written' };
    }
  });
  return outcomes.filter((outcome): outcome is ProviderRenewalOutcome => outcome !== null);
}
