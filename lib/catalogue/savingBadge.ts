import { currencySymbol, type CurrencyCode } from '@/lib/pricing/currencies';
import { offerPrice, offerRenewalPrice, type PricedOffer } from '@/lib/pricing/offerPrice';

/** What a badge's claim is checked against: the offer's own prices, never another "was" price. */
export interface BadgedOffer extends PricedOffer {
  currencyCode: CurrencyCode;
  trialDays: number | null;
  savingBadge: string | null;
}

// Badges are written in the campaign's language: English, German and French claims are read.
/** "$51", "£20.50" */
const AMOUNT = /([£$€])\s?(\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)/g;
/** "25 €", "1.234,50 €", "51 $" */
const AMOUNT_AFTER = /(\d{1,3}(?:[.\u00a0\u202f ]\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?)\s?([£$€])/g;
const PERCENT = /(\d+(?:[.,]\d+)?)\s?%/g;
const HALF_PRICE = /\bhalf[\s-]price\b|\bhalbe[nr]?\s+preis\b|(?:^|\s)moitié\s+prix/i;
const FREE = /\bfree\b|\bkostenlos\b|\bgratis\b|\bgratuit/i;
const DAYS = /\b(\d+)[\s-]*(?:days?|tagen?|tage|jours?)\b/i;

/** Each amount a badge states, as [its text, its symbol, its value in units]. */
function statedAmounts(badge: string): [string, string, number][] {
  const before = [...badge.matchAll(AMOUNT)].map(([text, sign, number]): [string, string, number] => [
    text,
    sign!,
    Number(number!.replace(/,/g, '')),
  ]);
  const after = [...badge.matchAll(AMOUNT_AFTER)].map(([text, number, sign]): [string, string, number] => [
    text,
    sign!,
    Number(number!.replace(/[.\u00a0\u202f ]/g, '').replace(',', '.')),
  ]);
  return [...before, ...after];
}

/**
 * Why a badge's claim is not true of its offer, or null when it is (or makes none): an amount
 * or percentage saved may not exceed what the first period saves against the offer's own
 * renewal price, "half price" needs the first period at half or less, "free" a trial or a
 * free first period, "N days" the trial's length. A trial states how long it is free, not a
 * sum: it covers days, not the period its renewal price buys.
 */
export function savingBadgeProblem(offer: BadgedOffer): string | null {
  const badge = offer.savingBadge;
  if (!badge) return null;
  const first = offerPrice(offer);
  const renewal = offerRenewalPrice(offer);
  const saving = renewal - first;
  const amounts = statedAmounts(badge);
  const percents = [...badge.matchAll(PERCENT)].map((match) => Number(match[1]!.replace(',', '.')));
  const claimsSaving = amounts.length > 0 || percents.length > 0 || HALF_PRICE.test(badge);
  if (claimsSaving && !offer.trialOffer && saving <= 0) {
    return 'states a saving, but the offer costs the same from its first period (no discountedAmount below totalAmount)';
  }
  if (amounts.length > 0 && offer.trialOffer) return 'must not state an amount saved on a trial: say how long it is free';
  const symbol = currencySymbol(offer.currencyCode);
  for (const [text, sign, value] of amounts) {
    if (!symbol.endsWith(sign)) return `states "${text}", but the offer is priced in ${offer.currencyCode}`;
    const cents = Math.round(value * 100);
    if (cents > saving) return `states "${text}", more than the first period saves against the renewal price`;
  }
  for (const percent of percents) {
    if (renewal === 0 || percent > (saving * 100) / renewal + 1e-9) {
      return `states ${percent}%, more than the first period saves against the renewal price`;
    }
  }
  if (HALF_PRICE.test(badge) && first * 2 > renewal + 1)
    return 'says half price, but the first period costs more than half the renewal price';
  if (FREE.test(badge) && !offer.trialOffer && first !== 0)
    return 'says free, but the offer is not a trial and its first period is not free';
  const days = DAYS.exec(badge);
  if (days && offer.trialOffer && Number(days[1]) !== offer.trialDays)
    return `names ${days[1]} days, but the trial lasts ${offer.trialDays} days`;
  return null;
}
