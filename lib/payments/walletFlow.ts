/**
 * What a wallet makes for a purchase. An offer that renews becomes a subscription at the
 * wallet (PayPal: a subscription from a billing plan; Amazon Pay: a recurring charge
 * permission), so that the wallet itself takes the renewals the visitor agreed to; a
 * purchase that does not renew is a one-off order (PayPal: an order created, then captured).
 * A free trial renews, so it is a subscription whose first period costs nothing.
 */
export type WalletFlow = (typeof WALLET_FLOWS)[number];

export const WALLET_FLOWS = ['order', 'subscription'] as const;
