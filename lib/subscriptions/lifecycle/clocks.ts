import { nextStep, type StepState } from '@/lib/subscriptions/renewalSteps';
import type { EngineSchedule } from './events';
import type { LifecycleSubscription } from './state';

/*
 * Two clocks meet here. The renewal engine, PayPal's events and the card change's retry
 * record on the subscription's own clock (a test-mode subscription's test clock runs
 * `clockOffsetMs` ahead: testClock.ts `clockOf`); what the subscriber or customer care does,
 * and the engine's schedule (`next_action_at`), are in real time.
 */

/** The subscription's own time at the real instant `now`. */
export const ownClock = (subscription: Pick<LifecycleSubscription, 'clockOffsetMs'>, now: Date): Date =>
  new Date(now.getTime() + subscription.clockOffsetMs);

/**
 * What the engine decides a step from: the record and what it loaded beside it
 * (renewalEngine.ts `loadStepState`; its dunning policy is not part of the state).
 */
export function stepStateOf(subscription: LifecycleSubscription, schedule: Omit<EngineSchedule, 'policy'>): StepState {
  return {
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    introductoryUntil: subscription.introductoryUntil,
    createdAt: subscription.createdAt,
    dunning: subscription.dunning,
    chargedByUs: schedule.chargedByUs,
    noticesSent: schedule.noticesSent,
    billingInterval: subscription.billingInterval,
    renewalAmount: subscription.renewalAmount,
    catalogueRenewalAmount: schedule.catalogueRenewalAmount,
    pendingPrice: subscription.pendingPrice,
    providerSandbox: schedule.providerSandbox,
    billingCountry: schedule.billingCountry,
    // A card is asked for only where one can be given: the card page takes a card subscription's.
    needsCard: subscription.needsPaymentMethod && subscription.payment.method === 'card',
  };
}

/**
 * The date a notice is recorded and mailed under: now on the subscription's own clock
 * (`clock`), except on a moved test clock, which may jump past its due time in one step:
 * there it is dated when it was due, so that QA sees the notice before the renewal it
 * announces, as a subscriber would.
 */
export function noticeDate(subscription: Pick<LifecycleSubscription, 'clockOffsetMs'>, step: { at: string }, clock: Date): Date {
  if (subscription.clockOffsetMs === 0) return clock;
  return new Date(Math.min(clock.getTime(), Date.parse(step.at)));
}

/**
 * When the engine next has something to do for the subscription as a step left it: its next
 * step (renewalSteps.ts), moved from its own clock to real time, as the engine's release
 * writes it. Due already when the step left another one due: the same run takes it.
 */
export function nextRunAfterStep(after: LifecycleSubscription, schedule: EngineSchedule, now: Date): string | null {
  const next = nextStep(stepStateOf(after, schedule), schedule.policy, ownClock(after, now));
  return next ? new Date(Date.parse(next.at) - after.clockOffsetMs).toISOString() : null;
}
