import { businessOf } from '@/lib/checkout/businessOf';
import { deliveryAddressOf } from '@/lib/checkout/deliveryAddressOf';
import { firstPeriod } from '@/lib/subscriptions/periods';
import { introductoryUntil, NOTICE_RULES } from '@/lib/subscriptions/renewalNotices';
import { NO_DUNNING } from '@/lib/subscriptions/subscription';
import type { LifecycleEvent } from './events';
import { applied, type LifecycleMail, type LifecycleOutcome } from './outcome';
import type { SubscriptionContract } from './state';

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * The subscription a paid purchase starts, at the moment it was paid (`now`):
 * newSubscription.ts as TransactionRepository.markSucceeded writes it through
 * SubscriptionRepository.create (which keeps both addresses normalised), with the mails that
 * transaction queues. Its owner is the identity it was bought under; bought signed out, the
 * billing address when that address has signed in with a link before, else nobody until one
 * sent to it is used.
 */
export function purchased<G extends string, I, C>(
  event: Extract<LifecycleEvent<G, I, C>, { kind: 'purchased' }>,
  now: Date,
): LifecycleOutcome<G, I, C> {
  const { purchase } = event;
  const { offer, payment } = purchase.order;
  const period = firstPeriod(offer, now);
  const billingEmail = normalise(purchase.customer.email);
  const owner = purchase.buyerIdentity ?? (event.billingAddressVerified ? billingEmail : null);
  const record: SubscriptionContract<G, I, C> = {
    id: event.subscriptionId,
    transactionId: purchase.id,
    brandSlug: purchase.brandSlug,
    campaignId: purchase.campaignId,
    offerId: offer.id,
    offerName: offer.name,
    isPrint: offer.isPrintOffer,
    ownerEmail: owner === null ? null : normalise(owner),
    billingEmail,
    livemode: purchase.livemode,
    status: offer.trialOffer ? 'trialing' : 'active',
    cancelAtPeriodEnd: false,
    cancelRequestedAt: null,
    cancelReason: null,
    cancelChannel: null,
    providerPaused: false,
    currentPeriodStart: period.start.toISOString(),
    currentPeriodEnd: period.end.toISOString(),
    trialEnd: period.trialEnd?.toISOString() ?? null,
    renewalAmount: offer.renewalAmount,
    taxIncluded: purchase.order.taxRate.inclusive,
    currencyCode: purchase.currencyCode,
    billingInterval: offer.billingInterval,
    paymentMethod: purchase.paymentMethod,
    payment,
    gateway: purchase.gateway,
    instrument: event.instrument,
    needsPaymentMethod: event.instrument === null,
    deliveryAddress: offer.isPrintOffer ? deliveryAddressOf(purchase.customer) : null,
    business: businessOf(purchase.customer),
    consent: purchase.autoRenewalConsent,
    endedAt: null,
    endReason: null,
    pendingPrice: null,
    // The first line is the offer itself (add-ons follow it); a promo code's discount made it cheaper still.
    introductoryUntil: introductoryUntil(
      NOTICE_RULES,
      { start: period.start.toISOString(), end: period.end.toISOString(), trial: offer.trialOffer },
      (purchase.order.lines[0]?.amount ?? 0) - purchase.discount,
      offer.renewalAmount,
    ),
    dunning: NO_DUNNING,
    locale: purchase.locale,
    timeZone: purchase.timeZone,
    clockOffsetMs: 0,
  };
  const mails: LifecycleMail[] = [{ kind: 'purchase-acknowledgment' }];
  if (event.earlierLiveSubscription) mails.push({ kind: 'duplicate-purchase' });
  // The renewal engine decides its first step (a notice, or the renewal) at its next pass.
  return applied({ ...record, createdAt: now.toISOString(), updatedAt: now.toISOString() }, mails, now.toISOString());
}
