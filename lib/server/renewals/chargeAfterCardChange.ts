import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { runOneNow, type RenewalDeps } from './renewalEngine';
import { RenewalRepository } from './RenewalRepository';

/** What the card change answers: the subscription now, and whether its unpaid renewal is still to be charged. */
export interface CardChangeCharge {
  subscription: Subscription;
  /**
   * The past-due renewal was not charged before this answer: another run holds the
   * subscription (it, or the next pass, charges it within minutes), or the provider did not
   * answer (asked again 5 minutes later).
   */
  renewalPending: boolean;
}

/** How long to wait for another run to let the subscription go: a few short looks, 1.5 s in all. */
export interface LeaseWait {
  waits: readonly number[];
  sleep: (ms: number) => Promise<void>;
}

const LEASE_WAIT: LeaseWait = {
  waits: [100, 200, 400, 800],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * A card given for a past-due subscription is charged at once (the failed e-mail promises
 * it): its next try is now, run before the answer, so the account shows it active again, or
 * still due with the new card's decline. Another run holding the subscription (a scheduled
 * pass) is waited for briefly; still held, the answer says the charge is pending: the try
 * was made due at once, so the holding run (which tries a card changed under it) or the next
 * pass takes it. Any other subscription is answered as it is.
 */
export async function chargeAfterCardChange(
  deps: RenewalDeps,
  subscription: Subscription,
  wait: LeaseWait = LEASE_WAIT,
): Promise<CardChangeCharge> {
  if (subscription.status !== 'past_due') return { subscription, renewalPending: false };
  const now = deps.now();
  await new RenewalRepository(deps.db).retryNow(subscription, now);
  let run = await runOneNow(deps, subscription.id);
  for (const ms of wait.waits) {
    if (run) break;
    await wait.sleep(ms);
    run = await runOneNow(deps, subscription.id);
  }
  const current = (await new SubscriptionRepository(deps.db, deps.now).findById(subscription.id)) ?? subscription;
  // A run left with a step it could not finish (the provider did not answer, the record failed) looks again later.
  const chargeLater = !run || run.stopped.kind === 'left';
  return { subscription: current, renewalPending: current.status === 'past_due' && chargeLater };
}
