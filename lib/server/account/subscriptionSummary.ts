import type { InvoiceLink, SubscriptionSummary } from '@/lib/account/accountView';
import { dateText, STATUS_TEXT } from '@/lib/account/accountWords';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { formatMoney } from '@/lib/pricing/money';
import { endsAt, subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { failureWhenPastDue } from '@/lib/payments/failureWording';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { DEFAULT_RETRY_DAYS, dunningEndsAt } from '@/lib/subscriptions/renewalPolicy';
import { renewalOfMethod } from '@/lib/server/payments/renewalLookup';
import { pricesIncludeTax } from '@/lib/pricing/marketTax';
import { TAX_RATES } from '@/lib/server/checkout/checkoutRules';

/**
 * A subscription as the account shows it, at `now` on its own clock (a test subscription's
 * clock may run ahead: `clockMovable` says QA can move it, which the account offers while
 * it has not ended).
 */
export function subscriptionSummary(
  subscription: Subscription,
  brandName: string,
  invoices: InvoiceLink[],
  now: Date,
  clockMovable = false,
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
    nextCharge:
      renews && status !== 'past_due'
        ? {
            date: dateText(subscription.currentPeriodEnd),
            amount: `${formatMoney(subscription.renewalAmount, subscription.currencyCode)} plus any applicable tax`,
          }
        : null,
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
    invoices,
    canCancel: renews,
    canResume: status === 'cancelling',
    pastDue: status === 'past_due' ? pastDueOf(subscription) : null,
    // An ended one has nothing left to run: its clock would only answer "nothing is scheduled".
    testClock: clockMovable && status !== 'ended' ? { today: now.toISOString() } : null,
    facts: {
      nextCharge:
        renews && status !== 'past_due'
          ? {
              at: subscription.currentPeriodEnd,
              amount: subscription.renewalAmount,
              currencyCode: subscription.currencyCode,
              // Said as its market says it: VAT in the price (the EU, the UK), a sales tax on top (the US, Canada).
              tax: pricesIncludeTax(TAX_RATES, subscription.locale) ? 'included' : 'added',
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

/** A past-due subscription's block: a card's, or a wallet's, whose payment method is changed at the wallet. */
function pastDueOf(subscription: Subscription): SubscriptionSummary['pastDue'] {
  const { dunning } = subscription;
  if (!dunning.pastDueSince || !dunning.graceUntil) return null;
  const declared = renewalOfMethod(subscription.payment.method);
  const change = declared.paymentChange;
  const wallet = declared.pastDue && change.where === 'provider' ? { words: declared.pastDue, url: change.url } : null;
  const awaitsBank = !wallet && dunning.failureCode === 'authentication_required';
  const ourNext = dunning.retryAt
    ? `We will try again on ${dateText(dunning.retryAt)}.`
    : awaitsBank
      ? 'Confirm it with your bank, or give another card.'
      : 'We will not try it again.';
  return {
    // The account speaks English until it is moved to the catalogues; a wallet's reason is its renewal declaration's.
    reason: serverWords(DEFAULT_LOCALE).t(wallet?.words.reason ?? failureWhenPastDue(dunning.failureCode)),
    next: wallet?.words.next ? serverWords(DEFAULT_LOCALE).t(wallet.words.next) : ourNext,
    dates:
      wallet && !wallet.words.ourDates
        ? null
        : {
            accessUntil: dateText(dunning.graceUntil),
            endsOn: dateText(dunningEndsAt({ retryDays: DEFAULT_RETRY_DAYS, graceDays: 0 }, dunning.pastDueSince)),
          },
    walletFix: wallet
      ? {
          text: serverWords(DEFAULT_LOCALE).t(wallet.words.fix),
          label: serverWords(DEFAULT_LOCALE).t(wallet.words.label),
          href: wallet.url(subscription.livemode),
        }
      : null,
    awaitsBank,
  };
}
