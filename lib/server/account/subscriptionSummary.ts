import type { InvoiceLink, SubscriptionSummary } from '@/lib/account/accountView';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { renewalCharge } from '@/lib/checkout/paymentCopy';
import type { TaxRate } from '@/lib/pricing/tax';
import { exemptWhenVerified } from '@/lib/pricing/reverseCharge';
import { businessSaleOf } from '@/lib/server/renewals/renewalOrder';
import { endsAt, subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { DEFAULT_RETRY_DAYS, dunningEndsAt } from '@/lib/subscriptions/renewalPolicy';
import { renewalOfMethod } from '@/lib/server/payments/renewalLookup';

/**
 * A subscription as the account shows it, at `now` on its own clock (a test subscription's
 * clock may run ahead: `clockMovable` says QA can move it, which the account offers while
 * it has not ended). `renewalRate` is the tax its next renewal is charged (renewalTaxRate),
 * where its purchase is known.
 */
export function subscriptionSummary(
  subscription: Subscription,
  brandName: string,
  invoices: InvoiceLink[],
  now: Date,
  clockMovable = false,
  renewalRate: Pick<TaxRate, 'exemption'> | null = null,
): SubscriptionSummary {
  const status = subscriptionStatusAt(subscription, now);
  const ending = endsAt(subscription);
  const renews = status === 'trialing' || status === 'active' || status === 'past_due';
  return {
    id: subscription.id,
    brandSlug: subscription.brandSlug,
    brandName,
    offerName: subscription.offerName,
    livemode: subscription.livemode,
    status,
    trialEndsOn: status === 'trialing' && subscription.trialEnd ? subscription.trialEnd : null,
    startedOn: subscription.createdAt,
    paymentMethod: paymentMethodName(subscription.payment, serverWords(subscription.locale)),
    paymentChange:
      renewalOfMethod(subscription.payment.method).paymentChange.where === 'card-page'
        ? 'card'
        : (subscription.payment.method as SubscriptionSummary['paymentChange']),
    needsPaymentMethod: subscription.needsPaymentMethod,
    isPrint: subscription.isPrint,
    deliveryAddress: subscription.isPrint ? subscription.deliveryAddress : null,
    business: subscription.business
      ? { ...subscription.business, exemptWhenVerified: exemptWhenVerified(businessSaleOf(subscription), subscription.isPrint) }
      : null,
    invoices,
    canCancel: renews,
    canResume: status === 'cancelling',
    // An ended one has nothing left to run: its clock would only answer "nothing is scheduled".
    testClock: clockMovable && status !== 'ended' ? { today: now.toISOString() } : null,
    facts: {
      nextCharge:
        renews && status !== 'past_due'
          ? {
              at: subscription.currentPeriodEnd,
              currencyCode: subscription.currencyCode,
              // VAT in the price (the EU, the UK), a sales tax on top (the US, Canada), or none for a business that accounts for it.
              ...renewalCharge(subscription.renewalAmount, subscription.taxIncluded, renewalRate),
            }
          : null,
      endsAt: ending && !renews ? ending : null,
      periodEnd: subscription.currentPeriodEnd,
      pastDue: status === 'past_due' ? pastDueFactsOf(subscription) : null,
    },
  };
}

/** A past-due subscription's facts: the card's failure, our next try, and our dates unless its wallet decides them. */
function pastDueFactsOf(subscription: Subscription): SubscriptionSummary['facts']['pastDue'] {
  const { dunning } = subscription;
  if (!dunning.pastDueSince || !dunning.graceUntil) return null;
  const wallet = renewalOfMethod(subscription.payment.method).pastDue;
  return {
    failureCode: dunning.failureCode,
    retryAt: dunning.retryAt,
    dates:
      wallet && !wallet.ourDates
        ? null
        : {
            accessUntil: dunning.graceUntil,
            endsOn: dunningEndsAt({ retryDays: DEFAULT_RETRY_DAYS, graceDays: 0 }, dunning.pastDueSince),
          },
  };
}
