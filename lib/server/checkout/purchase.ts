import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import type { Purchase } from '@/lib/server/payments/PaymentGateway';

/** What a gateway is told is bought, from the offer as the order keeps it. */
export function purchaseFor(offer: OrderSnapshot['offer']): Purchase {
  return {
    offerId: offer.id,
    name: offer.name,
    renewal: { interval: offer.billingInterval, amount: offer.renewalAmount },
    trialDays: offer.trialOffer ? offer.trialDays : null,
  };
}
