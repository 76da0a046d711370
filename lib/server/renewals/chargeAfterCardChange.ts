import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { runRenewalsOf, type RenewalDeps } from './renewalEngine';
import { RenewalRepository } from './RenewalRepository';
import { clockOf } from './testClock';

/**
 * A card given for a past-due subscription is charged at once (the failed e-mail promises
 * it): its next try is now, run before the answer, so the account shows it active again, or
 * still due with the new card's decline. Any other subscription is answered as it is.
 */
export async function chargeAfterCardChange(deps: RenewalDeps, subscription: Subscription): Promise<Subscription> {
  if (subscription.status !== 'past_due') return subscription;
  const now = deps.now();
  await new RenewalRepository(deps.db).retryNow(subscription.id, clockOf(subscription, now), now);
  await runRenewalsOf(deps, subscription.id);
  return (await new SubscriptionRepository(deps.db, deps.now).findById(subscription.id)) ?? subscription;
}
