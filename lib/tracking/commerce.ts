import type { Offer } from '@/lib/catalogue/types';
import type { TransactionView } from '@/lib/checkout/transactionView';
import { cartItemFor } from '@/lib/cart/cart';
import { currencySymbol } from '@/lib/pricing/currencies';
import { buildPurchase, type PurchaseEvent, type TrackedCartItem } from './events';

/** A cart line as tracked (SPEC §3): the offer's description as name, today's price in cents, its currency symbol. */
export function trackedItemFor(offer: Offer, campaignId: string): TrackedCartItem {
  return { ...cartItemFor(offer, campaignId), currency: offer.currency };
}

/** The paid order as tracked: shipping 0 (SPEC §5), targeter from `source` (SPEC §2). */
export function purchaseFor(transaction: TransactionView, campaignId: string, source: string | null, timestamp: number): PurchaseEvent {
  const { invoice } = transaction;
  return buildPurchase({
    timestamp,
    campaignId,
    transactionId: transaction.id,
    invoiceNumber: invoice.invoiceNumber,
    currencyCode: invoice.currencyCode,
    revenue: invoice.summaryTotal.total,
    tax: invoice.tax,
    coupon: invoice.summaryTotal.discount.promoCode,
    targeter: source,
    items: invoice.lines.map((line) => ({
      id: line.offerId,
      name: line.name,
      price: line.amount,
      currency: currencySymbol(invoice.currencyCode),
      currencyCode: invoice.currencyCode,
      campaignId,
    })),
  });
}
