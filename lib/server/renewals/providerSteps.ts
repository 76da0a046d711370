import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import type { RenewalDeps } from './renewalEngine';
import { renewalPeriod, renewalTransaction } from './renewalOrder';
import { leftForLater, taken, type StepResult } from './stepResult';

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
  if (!gateway?.cancelRenewals) return leftForLater(`${subscription.gateway} cannot cancel here`);
  try {
    await gateway.cancelRenewals(subscription.instrument, subscription.livemode);
    return null;
  } catch (error) {
    deps.log?.(`[renewals] ${subscription.id}: ${subscription.gateway} did not cancel`, error);
    return leftForLater(`${subscription.gateway} did not cancel`);
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
  if (!gateway?.renewAtProvider || !subscription.instrument) return leftForLater(`${subscription.gateway} cannot renew here`);
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
    return leftForLater(`${subscription.gateway} did not renew`);
  }
  const after = await new SubscriptionRepository(deps.db, deps.now).findById(subscription.id);
  if (!after) throw new Error(`the subscription ${subscription.id} is gone`);
  if (after.status === 'ended') return taken('ended at the provider');
  if (after.currentPeriodEnd !== subscription.currentPeriodEnd) return taken('renewed at the provider');
  if (after.dunning.tries !== subscription.dunning.tries) return taken('failed at the provider');
  return leftForLater('the provider’s renewal moved nothing');
}
