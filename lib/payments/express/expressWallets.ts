/**
 * The express wallets: Apple Pay, Google Pay and Link pay with a card the wallet holds, so
 * each is a card payment to us (method `card`), recorded with the wallet that brought it.
 * PayPal and Amazon Pay are payment methods of their own (lib/payments/methods.ts).
 * No zod here: the payment step imports this module, and zod's full build is some 34 kB gzip
 * in the browser (the submit's schema lives in lib/checkout/submitContract.ts).
 */
export const EXPRESS_WALLET_IDS = ['apple-pay', 'google-pay', 'link'] as const;

export type ExpressWalletId = (typeof EXPRESS_WALLET_IDS)[number];

/** How each wallet is named to the buyer, in the account and on the invoice. */
export const EXPRESS_WALLET_LABELS: Readonly<Record<ExpressWalletId, string>> = {
  'apple-pay': 'Apple Pay',
  'google-pay': 'Google Pay',
  link: 'Link',
};

export const isExpressWallet = (value: unknown): value is ExpressWalletId =>
  typeof value === 'string' && (EXPRESS_WALLET_IDS as readonly string[]).includes(value);

/** The express wallet a payment names (a card payment's `wallet`), or null: the column a store keeps beside the payment. */
export function expressWalletOf(payment: { method: string; wallet?: ExpressWalletId }): ExpressWalletId | null {
  return payment.method === 'card' ? (payment.wallet ?? null) : null;
}
