import { nextPaymentStep, nextStep } from '@/lib/subscriptions/renewalSteps';
import { ownClock, stepStateOf } from './clocks';
import type { LifecycleEvent } from './events';
import { applied, refused, type LifecycleOutcome } from './outcome';
import type { LifecycleSubscription } from './state';

const DAY_MS = 24 * 3600_000;

/**
 * testClock.ts `moveTestClock`: a day ahead, or to the next notice or the next renewal (or
 * retry, or end) on its own clock. The schedule is left as it is: the caller runs the engine
 * for it at once, which takes what came due.
 */
export function clockMoved<G extends string, I, C>(
  subscription: LifecycleSubscription<G, I, C>,
  event: Extract<LifecycleEvent<G, I, C>, { kind: 'clock-moved' }>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (!event.movable) return refused('not-movable');
  const clock = ownClock(subscription, now);
  let byMs = DAY_MS;
  if (event.advance !== 'day') {
    const state = stepStateOf(subscription, event.schedule);
    const policy = event.schedule.policy;
    const next = event.advance === 'next-renewal' ? nextPaymentStep(state, policy) : nextStep(state, policy, clock);
    if (!next || (event.advance === 'next-notice' && next.kind !== 'notice')) return refused('nothing-scheduled');
    byMs = Math.max(0, Date.parse(next.at) - clock.getTime());
  }
  return applied({ clockOffsetMs: subscription.clockOffsetMs + byMs }, [], subscription.nextActionAt);
}
