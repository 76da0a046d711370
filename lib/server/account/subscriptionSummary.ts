import type { InvoiceLink, SubscriptionSummary } from '@/lib/account/accountView';
import { dateText, dateTimeText, STATUS_TEXT } from '@/lib/account/accountWords';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { formatMoney } from '@/lib/pricing/money';
import { endsAt, subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { DEFAULT_RETRY_DAYS, dunningEndsAt } from '@/lib/subscriptions/renewalPolicy';

/** Why a renewal failed, as the account says it. */
const PAST_DUE_REASONS: Partial<Record<PaymentFailureCode, string>> = {
  payment_method_required: 'We do not hold a card for this subscription.',
  authentication_failed: 'Your bank asks you to confirm the payment yourself.',
  expired_card: 'Your card has expired.',
  insufficient_funds: 'Your card has insufficient funds.',
};

/**
 * A subscription as the account shows it, at `now` on its own clock (a test subscription's
 * clock may run ahead: `clockMovable` says QA can move it).
 */
export function subscriptionSummary(
  subscription: Subscription,
  brandName: string,
  invoices: InvoiceLink[],
  now: Date,
  clockMovable = false,
): SubscriptionSummary {
  const status = subscriptionStatusAt(subscription, now);
  const { dunning } = subscription;
  const ending = endsAt(subscription);
  const renews = status === 'trialing' || status === 'active' || status === 'past_due';
  return {
    id: subscription.id,
    brandSlug: subscription.brandSlug,
    brandName,
    offerName: subscription.offerName,
    livemode: subscription.livemode,
    status,
    statusText: STATUS_TEXT[status],
    nextCharge:
      renews && status !== 'past_due'
        ? {
            date: dateText(subscription.currentPeriodEnd),
            amount: `${formatMoney(subscription.renewalAmount, subscription.currencyCode)} plus any applicable tax`,
          }
        : null,
    endsAt: ending && !renews ? dateTimeText(ending) : null,
    periodEndsAt: dateTimeText(subscription.currentPeriodEnd),
    trialEndsOn: status === 'trialing' && subscription.trialEnd ? dateText(subscription.trialEnd) : null,
    paymentMethod: paymentMethodName(subscription.payment),
    paymentChange: subscription.payment.method === 'card' ? 'card' : subscription.payment.method,
    needsPaymentMethod: subscription.needsPaymentMethod,
    isPrint: subscription.isPrint,
    deliveryAddress: subscription.isPrint ? subscription.deliveryAddress : null,
    invoices,
    canCancel: renews,
    canResume: status === 'cancelling',
    pastDue:
      status === 'past_due' && dunning.pastDueSince && dunning.graceUntil
        ? {
            reason: (dunning.failureCode && PAST_DUE_REASONS[dunning.failureCode]) ?? 'Your card was declined.',
            nextTry: dunning.retryAt ? dateText(dunning.retryAt) : null,
            accessUntil: dateText(dunning.graceUntil),
            endsOn: dateText(dunningEndsAt({ retryDays: DEFAULT_RETRY_DAYS, graceDays: 0 }, dunning.pastDueSince)),
          }
        : null,
    testClock: clockMovable ? { today: dateText(now.toISOString()) } : null,
  };
}
