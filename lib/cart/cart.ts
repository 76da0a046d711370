import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { Offer } from '@/lib/catalogue/types';
import { offerPrice } from '@/lib/pricing/offerPrice';

/** A cart line (SPEC §3): the offer's id, its description as name, today's price in cents. */
export interface CartItem {
  id: string;
  name: string;
  price: number;
  currencyCode: CurrencyCode;
  campaignId: string;
}

export type Cart = readonly CartItem[];

export function cartItemFor(offer: Offer, campaignId: string): CartItem {
  return { id: offer.id, name: offer.description, price: offerPrice(offer), currencyCode: offer.currencyCode, campaignId };
}
