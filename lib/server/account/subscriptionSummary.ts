import type { InvoiceLink, SubscriptionSummary } from '@/lib/account/accountView';
import { dateText, dateTimeText, STATUS_TEXT } from '@/lib/account/accountWords';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { formatMoney } from '@/lib/pricing/money';
import { endsAt, subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';

/** A subscription as the account shows it, at `now`. */
export function subscriptionSummary(
  subscription: Subscription,
  brandName: string,
  invoices: InvoiceLink[],
  now: Date,
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
    statusText: STATUS_TEXT[status],
    nextCharge: renews
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
  };
}
