import type { Offer } from '@/lib/catalogue/types';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { formatMoney } from '@/lib/pricing/money';
import { offerRenewalPrice } from '@/lib/pricing/offerPrice';
import { formatDate, nextChargeDate, type IsoDate } from '@/lib/pricing/renewalDates';

type TermsOffer = Pick<Offer, 'trialOffer' | 'trialDays' | 'billingInterval' | 'totalAmount' | 'discountedAmount'>;

/**
 * The submit button says what happens: "Start free trial" (nothing due today), or
 * "Subscribe for $20.00" once the total is known ("Subscribe" while it is worked out).
 */
export function submitLabel(offer: Pick<Offer, 'trialOffer'>, total: number | null, currencyCode: CurrencyCode): string {
  if (offer.trialOffer && (total === null || total === 0)) return 'Start free trial';
  return total === null ? 'Subscribe' : `Subscribe for ${formatMoney(total, currencyCode)}`;
}

/**
 * Why a card is asked for when nothing is due today, and when it is first charged: a trial
 * states the date and amount of its first charge; a free (100 %-off) order says its card is
 * for the renewal. Null when today's charge is the first one.
 */
export function firstChargeNote(offer: TermsOffer, total: number, currencyCode: CurrencyCode, today: IsoDate): string | null {
  const renewal = formatMoney(offerRenewalPrice(offer), currencyCode);
  const date = formatDate(nextChargeDate(offer, today));
  if (offer.trialOffer) {
    const today = total === 0 ? 'Nothing is charged today.' : `Today you pay ${formatMoney(total, currencyCode)} for your add-ons.`;
    return `${today} Your free trial ends on ${date}; your card is then charged ${renewal} plus any applicable tax, unless you cancel before.`;
  }
  if (total === 0) {
    return `Nothing is charged today. We ask for your card so that your subscription can renew on ${date} at ${renewal} plus any applicable tax, unless you cancel before.`;
  }
  return null;
}

export interface RenewalTerms {
  /** The plan's renewal against what is paid today. */
  plan: string;
  /** One line per add-on: whether it renews. */
  addOns: string[];
}

/**
 * The automatic-renewal terms every buyer of a renewing offer reads: today's (discounted)
 * price against the renewal price, the date and period, and what each add-on does. Add-ons
 * are charged once today: the subscription's renewals are the plan's alone.
 */
export function renewalTerms(
  offer: TermsOffer,
  addOnNames: readonly string[],
  total: number,
  currencyCode: CurrencyCode,
  today: IsoDate,
): RenewalTerms {
  const renewal = formatMoney(offerRenewalPrice(offer), currencyCode);
  const date = formatDate(nextChargeDate(offer, today));
  const todayText =
    offer.trialOffer && total === 0 ? 'Your free trial costs nothing today.' : `Today you pay ${formatMoney(total, currencyCode)}.`;
  // A trial's first charge starts the subscription; a paid period's end renews it.
  const next = offer.trialOffer
    ? `starts on ${date} and renews automatically every ${offer.billingInterval} after that`
    : `renews automatically on ${date} and every ${offer.billingInterval} after that`;
  return {
    plan: `${todayText} Your subscription then ${next} at ${renewal} plus any applicable tax, charged to this payment method, until you cancel. You can cancel at any time from your account or by contacting customer care; cancelling stops the next renewal and you keep access until the end of the period you paid for.`,
    addOns: addOnNames.map((name) => `${name} is charged once, today, and does not renew.`),
  };
}
