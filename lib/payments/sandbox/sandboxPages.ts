import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { WalletId } from '@/lib/payments/methods';
import type { WalletFlow } from '@/lib/payments/walletFlow';

// What the sandbox's own pages (the 3-D Secure bank and the wallet approval) are given:
// loaded in lib/server/ssr, rendered by components/payment-methods/sandbox.

/** The sandbox bank's 3-D Secure challenge for one card payment. */
export interface SandboxAuthenticationProps {
  paymentId: string;
  amount: number;
  currencyCode: CurrencyCode;
  cardBrand: string;
  cardLast4: string;
  pending: boolean;
  /** A card kept for a subscription (the account's card change): nothing is charged, so no payment is named. */
  cardChange: boolean;
}

/** The sandbox wallet's approval page for one PayPal or Amazon Pay payment. */
export interface SandboxWalletProps {
  paymentId: string;
  wallet: WalletId;
  flow: WalletFlow;
  amount: number;
  currencyCode: CurrencyCode;
  description: string;
  livemode: boolean;
  /** Not answered yet; once answered, where the visitor went (the page offers the way on). */
  answeredRedirect: string | null;
}
