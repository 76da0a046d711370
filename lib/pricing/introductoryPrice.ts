import type { CurrencyCode } from './currencies';
import { formatMoneyShort } from './money';
import { offerPrice, offerRenewalPrice, type PricedOffer } from './offerPrice';

export type PriceInterval = 'month' | 'year';

/**
 * What an offer costs over time, as the catalogue states it: the first period (free for a
 * trial) and what each renewal costs. Kept on quote lines and orders so that every step and
 * the invoice word the same price the offer page did.
 */
export interface PriceTerms {
  currencyCode: CurrencyCode;
  billingInterval: PriceInterval;
  /** What the first period costs, in cents: 0 for a trial. */
  firstAmount: number;
  /** What each renewal costs, in cents. */
  renewalAmount: number;
  trialOffer: boolean;
  trialDays: number | null;
}

/** The terms of a catalogue offer: today's price, then its own renewal price. */
export function priceTermsOf(
  offer: PricedOffer & { currencyCode: CurrencyCode; billingInterval: PriceInterval; trialDays: number | null },
): PriceTerms {
  return {
    currencyCode: offer.currencyCode,
    billingInterval: offer.billingInterval,
    firstAmount: offerPrice(offer),
    renewalAmount: offerRenewalPrice(offer),
    trialOffer: offer.trialOffer,
    trialDays: offer.trialDays,
  };
}

const FIRST: Record<PriceInterval, string> = { month: 'First month', year: 'First year' };

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

/**
 * The offer's price over time in one line: "First year $25, then $50 a year", "Free for 30
 * days, then $50 a year", or "$50 a year" when there is no introductory price. The saving is
 * stated only against the offer's own renewal price, never a "was" price.
 */
export function introductoryPriceLine(terms: PriceTerms): string {
  const money = (cents: number) => formatMoneyShort(cents, terms.currencyCode);
  const every = `a ${terms.billingInterval}`;
  const renewal = terms.renewalAmount === 0 ? 'free' : `${money(terms.renewalAmount)} ${every}`;
  if (terms.trialOffer) {
    const trial = terms.trialDays ? `Free for ${days(terms.trialDays)}` : 'Free trial';
    return `${trial}, then ${renewal}`;
  }
  if (terms.firstAmount === terms.renewalAmount) {
    return terms.renewalAmount === 0 ? 'Free' : `${money(terms.renewalAmount)} ${every}`;
  }
  const first = terms.firstAmount === 0 ? 'free' : money(terms.firstAmount);
  return `${FIRST[terms.billingInterval]} ${first}, then ${renewal}`;
}

/** Whether the offer's first period costs less than its renewals: a trial or an introductory price. */
export function hasIntroductoryPrice(terms: PriceTerms): boolean {
  return terms.trialOffer || terms.firstAmount < terms.renewalAmount;
}
