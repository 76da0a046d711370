import { cardDeclaration } from '@/lib/payments/stripe/cardDeclaration';
import type { ServerRenewalDeclaration } from '@/lib/server/payments/ServerRenewalDeclaration';

/**
 * The card renews on our schedule, charged off-session on the card kept for it: Stripe's
 * customer and card (reported by the gateway), or the embedded sandbox's first payment.
 */
export const cardRenewals = {
  method: cardDeclaration.id,
  renewal: cardDeclaration.renewal,
  gateways: ['stripe', 'sandbox'],
  instrumentFromPayment: (gateway, paymentId) => (gateway === 'sandbox' ? { kind: 'sandbox-card', paymentIntentId: paymentId } : null),
  savedCardOf: (instrument) => (instrument.kind === 'stripe' ? instrument.paymentMethodId : null),
} satisfies ServerRenewalDeclaration;
