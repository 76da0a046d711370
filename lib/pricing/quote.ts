import type { CurrencyCode } from './currencies';
import { applyDiscount, type CouponDiscount } from './discount';
import { priceTermsOf, type PriceInterval, type PriceTerms } from './introductoryPrice';
import { offerPrice, type PricedOffer } from './offerPrice';
import { netOfVat } from './reverseCharge';
import { taxLinesOn, type TaxLine, type TaxRate } from './tax';

export interface QuoteLine {
  offerId: string;
  name: string;
  amount: number;
  /**
   * The offer's price over time (first period, then renewals), so that the cart, payment
   * step and invoice word it as the offer page did; absent on renewals and on orders kept
   * before it was carried.
   */
  terms?: PriceTerms;
}

/** What the visitor pays today, in whole cents, recomputed from the catalogue. */
export interface Quote {
  currencyCode: CurrencyCode;
  lines: QuoteLine[];
  subtotal: number;
  discount: number;
  /** The sum of taxLines. */
  tax: number;
  taxRate: TaxRate;
  /** What each of the rate's taxes comes to, each in whole cents (Quebec: the GST and the QST). */
  taxLines: TaxLine[];
  total: number;
}

export interface QuoteInput {
  currencyCode: CurrencyCode;
  /** Offers from the catalogue carry their interval (and trial length), which words their terms. */
  items: (PricedOffer & { id: string; name: string; billingInterval?: PriceInterval; trialDays?: number | null })[];
  coupon: CouponDiscount | null;
  taxRate: TaxRate;
}

/**
 * Prices a cart: the discount applies to the subtotal (SPEC §5: never below zero, to 3
 * decimals) and the result is rounded to the whole cents that can be charged; then tax
 * is added or, where prices include it, shown.
 */
export function buildQuote({ currencyCode, items, coupon, taxRate }: QuoteInput): Quote {
  const lines = items.map((item): QuoteLine => ({
    offerId: item.id,
    name: item.name,
    // A sale without VAT to a business charges a VAT-inclusive price without it.
    amount: netOfVat(offerPrice(item), taxRate),
    ...(item.billingInterval
      ? { terms: priceTermsOf({ ...item, currencyCode, billingInterval: item.billingInterval, trialDays: item.trialDays ?? null }) }
      : {}),
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  // Whole cents from here on, so that subtotal - discount + tax = total on the invoice.
  const net = Math.round(applyDiscount(subtotal, coupon));
  const discount = subtotal - net;
  const taxLines = taxLinesOn(net, taxRate);
  const tax = taxLines.reduce((sum, line) => sum + line.amount, 0);
  const total = taxRate.inclusive ? net : net + tax;
  return { currencyCode, lines, subtotal, discount, tax, taxRate, taxLines, total };
}
