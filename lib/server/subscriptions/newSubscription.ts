import { firstPeriod } from '@/lib/subscriptions/periods';
import { introductoryUntil, NOTICE_RULES } from '@/lib/subscriptions/renewalNotices';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { NO_DUNNING, type Subscription } from './Subscription';

/** What renews a payment whose gateway did not say, as the gateway's renewal declaration builds it. */
export { instrumentFromPayment } from '@/lib/server/payments/renewalLookup';

/**
 * The subscription a paid order starts, at the moment it was paid. Its owner is the identity
 * it was bought under; bought signed out, the billing address when that address has signed in
 * with a link before (`billingAddressVerified`: the link proved it), else nobody until a link
 * sent to that address is used.
 */
export function newSubscription(
  transaction: Transaction,
  subscriptionId: string,
  paidAt: Date,
  instrument: RenewalInstrument | null,
  billingAddressVerified = false,
): Omit<Subscription, 'createdAt' | 'updatedAt'> {
  const { offer, payment } = transaction.order;
  const period = firstPeriod(offer, paidAt);
  const { customer } = transaction;
  const billingEmail = customer.email.trim().toLowerCase();
  return {
    id: subscriptionId,
    transactionId: transaction.id,
    brandSlug: transaction.brandSlug,
    campaignId: transaction.campaignId,
    offerId: offer.id,
    offerName: offer.name,
    isPrint: offer.isPrintOffer,
    ownerEmail: transaction.buyerIdentity ?? (billingAddressVerified ? billingEmail : null),
    billingEmail,
    livemode: transaction.livemode,
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
    currencyCode: transaction.currencyCode,
    billingInterval: offer.billingInterval,
    paymentMethod: transaction.paymentMethod,
    payment,
    gateway: transaction.gateway,
    instrument,
    needsPaymentMethod: instrument === null,
    deliveryAddress: offer.isPrintOffer ? (customer.deliveryAddress ?? customer.address ?? null) : null,
    consent: transaction.autoRenewalConsent,
    endedAt: null,
    endReason: null,
    pendingPrice: null,
    // The first line is the offer itself (add-ons follow it); a promo code's discount made it cheaper still.
    introductoryUntil: introductoryUntil(
      NOTICE_RULES,
      { start: period.start.toISOString(), end: period.end.toISOString(), trial: offer.trialOffer },
      (transaction.order.lines[0]?.amount ?? 0) - transaction.discount,
      offer.renewalAmount,
    ),
    dunning: NO_DUNNING,
    clockOffsetMs: 0,
    // The renewal engine decides its first step (a notice, or the renewal) at its next pass.
    nextActionAt: paidAt.toISOString(),
  };
}
