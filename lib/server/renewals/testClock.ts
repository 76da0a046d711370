import type { ClockAdvance } from '@/lib/account/testClock';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { HttpError } from '@/lib/server/http/HttpError';
import { isSandboxGateway } from '@/lib/server/payments/PaymentGateway';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { writeEvent } from '@/lib/server/subscriptions/writeEvent';
import { ownClock } from '@/lib/subscriptions/lifecycle/clocks';
import type { RefusalReason } from '@/lib/subscriptions/lifecycle/lifecycle';
import { loadStepState, runRenewalsOf, scheduleOf, type RenewalDeps } from './renewalEngine';

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

/** The subscription's own time: the real one, plus what QA moved its clock by (the lifecycle's reckoning, kept in one place). */
export const clockOf = ownClock;

/** The clock-moved refusals as the account answers them: 409, with what QA can do about it. */
function refusal(reason: RefusalReason, subscription: Subscription, env: Pick<ServerEnv, 'APP_ENV'>, advance: ClockAdvance): Error {
  if (reason === 'not-movable')
    return new HttpError(
      409,
      'clock_not_movable',
      subscription.livemode || env.APP_ENV === 'production'
        ? 'This subscription follows the real clock: only test-mode subscriptions on a test server can be moved in time.'
        : 'This subscription is at a real payment provider: it follows the real clock.',
    );
  if (reason === 'nothing-scheduled' && advance !== 'day') return nothingScheduled(subscription, advance);
  return new Error(`[renewals] the test clock of ${subscription.id} was not moved: ${reason}`);
}

/**
 * Moves a test subscription's clock ahead and runs, at once, everything that comes due on
 * it: renewals, retries, ends, exactly as the real clock would in time. How far is the
 * lifecycle's `clock-moved`, written as every event is (writeEvent). Refused (409, nothing
 * changed) where the clock cannot move, or when nothing is scheduled to move to.
 */
export async function moveTestClock(
  deps: RenewalDeps,
  env: Pick<ServerEnv, 'APP_ENV'>,
  subscription: Subscription,
  advance: ClockAdvance,
): Promise<void> {
  const movable = clockMovable(subscription, env);
  // What the engine would decide its next notice or renewal from.
  const schedule = scheduleOf(await loadStepState(deps.db, subscription), deps.policy);
  const written = await writeEvent(
    deps.db,
    subscription,
    { kind: 'clock-moved', advance, movable, schedule },
    { now: deps.now(), cause: { event: 'clock_moved', actor: { kind: 'operator' } } },
  );
  if (written.kind === 'refused') throw refusal(written.reason, subscription, env, advance);
  await runRenewalsOf(deps, subscription.id);
}
