/**
 * The payment methods the payment step can offer, by their SPEC constants (§3: paypal,
 * amazon-pay; the card is "card"). Each is a unit: a server adapter behind the gateway
 * interface (lib/server/payments/methods/), a browser view and its actions
 * (components/payment-methods/). The step renders whichever the configuration enables.
 */
export const PAYMENT_METHOD_IDS = ['card', 'paypal', 'amazon-pay'] as const;

export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];
/** The wallets: the visitor approves the payment at the provider rather than typing card data. */
export type WalletId = Exclude<PaymentMethodId, 'card'>;

/** What each method's browser view needs to take a payment in the visitor's mode. Nothing secret. */
export interface PaymentMethodConfigs {
  card: { gateway: 'sandbox' } | { gateway: 'stripe'; publishableKey: string };
  paypal: { gateway: 'sandbox' } | { gateway: 'paypal'; clientId: string; environment: 'sandbox' | 'production' };
  'amazon-pay':
    | { gateway: 'sandbox' }
    | { gateway: 'amazon-pay'; merchantId: string; publicKeyId: string; storeId: string; sandbox: boolean; region: 'na' | 'eu' | 'jp' };
}

export type EnabledPaymentMethod = { [K in PaymentMethodId]: { id: K; config: PaymentMethodConfigs[K] } }[PaymentMethodId];

/** How each method is named to the visitor (and on the invoice). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodId, string> = {
  card: 'Card',
  paypal: 'PayPal',
  'amazon-pay': 'Amazon Pay',
};

export const isWallet = (id: PaymentMethodId): id is WalletId => id !== 'card';
