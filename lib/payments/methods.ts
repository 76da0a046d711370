/**
 * The payment methods the payment step can offer, by their SPEC constants (§3: paypal,
 * amazon-pay; the card is "card"). Each is a unit: a server adapter behind the gateway
 * interface (lib/server/payments/methods/), a browser view and its actions
 * (components/payment-methods/). The step renders whichever the configuration enables.
 */
export const PAYMENT_METHOD_IDS = ['card'] as const;

export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** What each method's browser view needs to take a payment in the visitor's mode. */
export interface PaymentMethodConfigs {
  card: { gateway: 'sandbox' } | { gateway: 'stripe'; publishableKey: string };
}

export type EnabledPaymentMethod = { [K in PaymentMethodId]: { id: K; config: PaymentMethodConfigs[K] } }[PaymentMethodId];

/** How each method is named to the visitor. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodId, string> = {
  card: 'Card',
};
