import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import type { RenewalDeps, StepResult } from './renewalEngine';
import { renewalPeriod, renewalTransaction } from './renewalOrder';

/** A provider out of reach, or its gateway not enabled here: asked again this much later (real time), as a charge is. */
const RETRY_UNREACHED_MS = 5 * 60_000;

/**
 * The `end` step of a subscription at a provider that renews by itself (PayPal): its
 * cancelled period is over, so it is cancelled at the provider for good (done twice is done
 * once). Null when that is done and the record may end; a step result that leaves the
 * record as it is (access has ended by the computed status anyway) when the provider could
 * not be told, to ask again later.
 */
export async function cancelAtProvider(deps: RenewalDeps, subscription: Subscription): Promise<StepResult | null> {
  if (!subscription.instrument) return null;
  const gateway = deps.gateways.find((candidate) => candidate.name === subscription.gateway);
  if (!gateway?.cancelRenewals) return { label: `left: ${subscription.gateway} cannot cancel here`, retryInMs: RETRY_UNREACHED_MS };
  try {
    await gateway.cancelRenewals(subscription.instrument, subscription.livemode);
    return null;
  } catch (error) {
    deps.log?.(`[renewals] ${subscription.id}: ${subscription.gateway} did not cancel`, error);
    return { label: `left: ${subscription.gateway} did not cancel`, retryInMs: RETRY_UNREACHED_MS };
  }
}

/**
 * The `provider-renewal` step (the sandbox PayPal only): the provider renews the period by
 * itself and reports it with its webhook events, which move the record
 * (providerRenewalEvents.ts). A run that finds the record unmoved afterwards is left to ask
 * again later rather than asking at once in a loop.
 */
export async function renewAtProvider(deps: RenewalDeps, subscription: Subscription, clock: Date): Promise<StepResult> {
  const gateway = deps.gateways.find((candidate) => candidate.name === subscription.gateway);
  if (!gateway?.renewAtProvider || !subscription.instrument)
    return { label: `left: ${subscription.gateway} cannot renew here`, retryInMs: RETRY_UNREACHED_MS };
  const purchase = await new TransactionRepository(deps.db).findById(subscription.transactionId);
  if (!purchase) throw new Error(`the purchase ${subscription.transactionId} of ${subscription.id} is missing`);
  const period = renewalPeriod(subscription);
  const { total } = renewalTransaction(subscription, purchase, period, clock);
  try {
    await gateway.renewAtProvider({
      instrument: subscription.instrument,
      amount: total,
      currencyCode: subscription.currencyCode,
      livemode: subscription.livemode,
      periodStart: period.start,
      failedPayments: subscription.dunning.tries,
      at: clock,
    });
  } catch (error) {
    deps.log?.(`[renewals] ${subscription.id}: ${subscription.gateway} did not renew`, error);
    return { label: `left: ${subscription.gateway} did not renew`, retryInMs: RETRY_UNREACHED_MS };
  }
  const after = await new SubscriptionRepository(deps.db, deps.now).findById(subscription.id);
  if (!after) throw new Error(`the subscription ${subscription.id} is gone`);
  if (after.status === 'ended') return { label: 'ended at the provider' };
  if (after.currentPeriodEnd !== subscription.currentPeriodEnd) return { label: 'renewed at the provider' };
  if (after.dunning.tries !== subscription.dunning.tries) return { label: 'failed at the provider' };
  return { label: 'left: the provider’s renewal moved nothing', retryInMs: RETRY_UNREACHED_MS };
}
