import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PriceTerms } from '@/lib/pricing/introductoryPrice';
import type { QuoteLine } from '@/lib/pricing/quote';
import type { OrderSnapshot } from './transactionView';

/**
 * The plan's price over time as the order was bought, for its invoice: the terms its quote
 * line kept, else (orders kept before lines carried them) the offer the order kept with the
 * line's amount. A renewal's invoice is for a renewal: it states the renewal price, never the
 * purchase's trial or introductory price again.
 */
export function orderPriceTerms(
  offer: OrderSnapshot['offer'],
  lines: readonly QuoteLine[],
  currencyCode: CurrencyCode,
  kind: 'purchase' | 'renewal' = 'purchase',
): PriceTerms | null {
  const line = lines.find((candidate) => candidate.offerId === offer.id);
  if (!line) return null;
  if (kind === 'renewal') {
    return {
      currencyCode,
      billingInterval: offer.billingInterval,
      firstAmount: line.amount,
      renewalAmount: line.amount,
      trialOffer: false,
      trialDays: null,
    };
  }
  if (line.terms) return line.terms;
  return {
    currencyCode,
    billingInterval: offer.billingInterval,
    firstAmount: line.amount,
    renewalAmount: offer.renewalAmount,
    trialOffer: offer.trialOffer,
    trialDays: offer.trialDays,
  };
}
