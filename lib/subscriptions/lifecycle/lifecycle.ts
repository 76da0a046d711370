import { businessChanged, cancelRequested, cardSet, claimed, deliveryAddressChanged, endedNow, resumed } from './account';
import type { LifecycleEvent } from './events';
import { refused, type LifecycleOutcome } from './outcome';
import { providerCancelled, providerRefusalCounted, providerSettled, providerSuspended, providerUnsettled } from './provider';
import { purchased } from './purchase';
import {
  cataloguePriceChanged,
  endedAtPeriodEnd,
  endedUnpaid,
  heldRenewalRefused,
  noticeSent,
  renewalFailed,
  renewalPaid,
  retriedNow,
} from './renewals';
import type { LifecycleSubscription } from './state';
import { clockMoved } from './testClock';

export type { EngineSchedule, LifecycleEvent, LifecycleEventKind, PaidBy, PurchaseFacts } from './events';
export type { Applied, LifecycleMail, LifecycleOutcome, RefusalReason, Refused } from './outcome';
export type { LifecycleSubscription, SubscriptionChanges, SubscriptionContract } from './state';
export { NO_DUNNING } from '@/lib/subscriptions/subscription';
export { MAX_PROVIDER_TRIES } from './provider';
export { noticeDate, stepStateOf } from './clocks';
export { renewalAmountFrom, SALE_EARLY_MS } from './renewals';

/**
 * A subscription's lifecycle: what each event it meets does to it, decided in one place and
 * written by the caller. `applyEvent` answers either the fields that change, the mails to
 * queue with them and when the renewal engine next has something to do for it (real time,
 * today's `next_action_at`), or why nothing changes: the state the current guarded update
 * would not move from. It reads no database and no clock: `now` is the real time of the
 * event; the renewal's events record on the subscription's own clock (clocks.ts). The
 * changes carry `updatedAt` where today's write stamps it, at the instant it does, so that
 * the guards that read it (`clearProviderPausedIfUnchanged`, the settling pass's quiet time)
 * see what they see today.
 *
 * Each event mirrors the code that wrote it by hand before; all are now
 * written from the event (writeEvent.ts, writeEventToMany.ts in lib/server/subscriptions):
 * - purchased: TransactionRepository.markSucceeded → newSubscription.ts, SubscriptionRepository.create
 * - claimed: SubscriptionRepository.claimForVerifiedEmail (IdentityService, claimingSessions.ts)
 * - renewal-paid: RenewalRepository.recordPaid from renewalEngine.ts `recordCharge` (by engine),
 *   renewalConfirmation.ts `settleHeldRenewal` (by bank), providerRenewalEvents.ts `moveSubscription` (by provider)
 * - renewal-failed: RenewalRepository.recordFailed from renewalEngine.ts `recordCharge` (by engine),
 *   providerRenewalEvents.ts `moveSubscription` (by provider)
 * - held-renewal-refused: RenewalRepository.recordHeldRefused from renewalConfirmation.ts `settleHeldRenewal`
 * - retried-now: RenewalRepository.retryNow from chargeAfterCardChange.ts and renewalEngine.ts `advance`
 * - notice-sent: RenewalRepository.recordNotice from renewalEngine.ts `notify` and `askForCard`
 * - catalogue-price-changed: CatalogueRepository.replaceAll's update of the changed offers' subscribers (writeEventToMany)
 * - cancel-requested: SubscriptionService.cancelRecord → SubscriptionRepository.markCancelling
 * - resumed: SubscriptionService.resumeRecord → markResumed (and clearProviderPausedIfUnchanged or markProviderUnsettled)
 * - ended-now: SubscriptionService.endNow → SubscriptionRepository.markEndedNow (care, withdrawal, duplicate undone)
 * - ended-at-period-end: RenewalRepository.end from renewalEngine.ts `take` (the `end` step)
 * - ended-unpaid: RenewalRepository.end from renewalEngine.ts `take` (the `expire` step)
 * - provider-suspended, provider-cancelled: RenewalRepository.end from providerRenewalEvents.ts `moveSubscription`
 * - provider-settled: SubscriptionRepository.recordProviderRenewals from providerRenewals.ts `settleAtProvider`
 * - provider-unsettled: SubscriptionRepository.markProviderUnsettled from `settleAtProvider` (resume's is `resumed`)
 * - provider-refusal-counted: SubscriptionRepository.countProviderRefusal from `settleAtProvider`
 * - card-set: SubscriptionService.recordCard → SubscriptionRepository.setCard
 * - delivery-address-changed: SubscriptionService.changeDeliveryAddress → SubscriptionRepository.setDeliveryAddress
 * - business-changed: SubscriptionService.changeBusiness, VatReviews → SubscriptionRepository.setBusiness
 * - clock-moved: testClock.ts `moveTestClock` (its test clock record, subscription_test_clocks)
 */
export function applyEvent<G extends string, I, C>(
  subscription: LifecycleSubscription<G, I, C> | null,
  event: LifecycleEvent<G, I, C>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  if (event.kind === 'purchased') return subscription ? refused('exists') : purchased(event, now);
  if (!subscription) return refused('missing');
  switch (event.kind) {
    case 'claimed':
      return claimed(subscription, event, now);
    case 'renewal-paid':
      return renewalPaid(subscription, event, now);
    case 'renewal-failed':
      return renewalFailed(subscription, event, now);
    case 'held-renewal-refused':
      return heldRenewalRefused(subscription, event, now);
    case 'retried-now':
      return retriedNow(subscription, now);
    case 'notice-sent':
      return noticeSent(subscription, event, now);
    case 'catalogue-price-changed':
      return cataloguePriceChanged(subscription, now);
    case 'cancel-requested':
      return cancelRequested(subscription, event, now);
    case 'resumed':
      return resumed(subscription, event, now);
    case 'ended-now':
      return endedNow(subscription, event, now);
    case 'ended-at-period-end':
      return endedAtPeriodEnd(subscription, now);
    case 'ended-unpaid':
      return endedUnpaid(subscription, event, now);
    case 'provider-suspended':
      return providerSuspended(subscription, now);
    case 'provider-cancelled':
      return providerCancelled(subscription, now);
    case 'provider-settled':
      return providerSettled(subscription, event, now);
    case 'provider-unsettled':
      return providerUnsettled(subscription, event, now);
    case 'provider-refusal-counted':
      return providerRefusalCounted(subscription);
    case 'card-set':
      return cardSet(subscription, event, now);
    case 'delivery-address-changed':
      return deliveryAddressChanged(subscription, event, now);
    case 'business-changed':
      return businessChanged(subscription, event, now);
    case 'clock-moved':
      return clockMoved(subscription, event, now);
  }
}
