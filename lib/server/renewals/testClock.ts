import type { ClockAdvance } from '@/lib/account/testClock';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { HttpError } from '@/lib/server/http/HttpError';
import { isSandboxGateway } from '@/lib/server/payments/PaymentGateway';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { nextPaymentStep, nextStep } from '@/lib/subscriptions/renewalSteps';
import { loadStepState, runRenewalsOf, type RenewalDeps } from './renewalEngine';
import { RenewalRepository } from './RenewalRepository';

const DAY_MS = 24 * 3600_000;

/**
 * Only a test-mode subscription at the sandbox, on a server that is not production, has a
 * clock QA can move: a live one, one at a real provider, and every one in production follow
 * the real clock.
 */
export function clockMovable(subscription: Pick<Subscription, 'livemode' | 'gateway'>, env: Pick<ServerEnv, 'APP_ENV'>): boolean {
  return !subscription.livemode && isSandboxGateway(subscription.gateway) && env.APP_ENV !== 'production';
}

function nothingScheduled(subscription: Subscription, advance: Exclude<ClockAdvance, 'day'>): HttpError {
  const why =
    subscription.status === 'ended'
      ? 'it has ended'
      : advance === 'next-notice'
        ? 'no notice is due before its next renewal'
        : 'its provider renews it by itself';
  return new HttpError(409, 'nothing_scheduled', `Nothing is scheduled for this subscription: ${why}.`);
}

/** The subscription's own time: the real one, plus what QA moved its clock by. */
export const clockOf = (subscription: Pick<Subscription, 'clockOffsetMs'>, now: Date): Date =>
  new Date(now.getTime() + subscription.clockOffsetMs);

/**
 * Moves a test subscription's clock ahead and runs, at once, everything that comes due on
 * it: renewals, retries, ends, exactly as the real clock would in time. Refused (409, nothing
 * changed) where the clock cannot move, or when nothing is scheduled to move to.
 */
export async function moveTestClock(
  deps: RenewalDeps,
  env: Pick<ServerEnv, 'APP_ENV'>,
  subscription: Subscription,
  advance: ClockAdvance,
): Promise<void> {
  if (!clockMovable(subscription, env)) {
    throw new HttpError(
      409,
      'clock_not_movable',
      subscription.livemode || env.APP_ENV === 'production'
        ? 'This subscription follows the real clock: only test-mode subscriptions on a test server can be moved in time.'
        : 'This subscription is at a real payment provider: it follows the real clock.',
    );
  }
  const clock = clockOf(subscription, deps.now());
  let byMs = DAY_MS;
  if (advance !== 'day') {
    const state = await loadStepState(deps.db, subscription);
    const next = advance === 'next-renewal' ? nextPaymentStep(state, deps.policy) : nextStep(state, deps.policy, clock);
    if (!next || (advance === 'next-notice' && next.kind !== 'notice')) throw nothingScheduled(subscription, advance);
    byMs = Math.max(0, Date.parse(next.at) - clock.getTime());
  }
  await new RenewalRepository(deps.db).advanceClock(subscription.id, byMs);
  await runRenewalsOf(deps, subscription.id);
}
