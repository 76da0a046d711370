import type { Offer } from '@/lib/catalogue/types';
import { cartItemFor } from '@/lib/cart/cart';
import type { TrackedCartItem } from './events';

/** A cart line as tracked (SPEC §3): the offer's description as name, today's price in cents, its currency symbol. */
export function trackedItemFor(offer: Offer, campaignId: string): TrackedCartItem {
  return { ...cartItemFor(offer, campaignId), currency: offer.currency };
}
