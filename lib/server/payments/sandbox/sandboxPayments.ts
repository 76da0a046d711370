import type { RenewalScenario } from '@/lib/payments/sandbox/testCards';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { WalletId } from '@/lib/payments/methods';
import type { CardBrand } from '@/lib/payments/sandbox/testCards';
import type { WalletFlow } from '@/lib/payments/walletFlow';

/** Where a sandbox card payment stands, in Stripe's words for a payment intent. */
export const SANDBOX_INTENT_STATUSES = ['succeeded', 'requires_payment_method', 'requires_action'] as const;
export type SandboxIntentStatus = (typeof SANDBOX_INTENT_STATUSES)[number];

/** What the sandbox bank does once a 3-D Secure card is authenticated (testCards' scenario `then`). */
export const AFTER_AUTHENTICATION = ['approve', 'decline'] as const;
export type AfterAuthentication = (typeof AFTER_AUTHENTICATION)[number];

/** A sandbox card payment (SandboxPaymentRepository maps the table's rows). */
export interface SandboxIntent {
  id: string;
  amount: number;
  currencyCode: CurrencyCode;
  status: SandboxIntentStatus;
  cardBrand: CardBrand;
  /** The card's last four digits: the sandbox never keeps its number. */
  cardLast4: string;
  /** null: the card needs no authentication. */
  afterAuthentication: AfterAuthentication | null;
  returnUrl: string | null;
  lastErrorCode: PaymentFailureCode | null;
  idempotencyKey: string;
  /** How the card's off-session renewal charges go (its test card's behaviour, as at Stripe). */
  renewals: RenewalScenario;
  createdAt: string;
  updatedAt: string;
}

/** Where a sandbox wallet payment stands: waiting for the visitor's answer, then answered once. */
export const SANDBOX_WALLET_PAYMENT_STATUSES = ['requires_action', 'succeeded', 'failed'] as const;
export type SandboxWalletPaymentStatus = (typeof SANDBOX_WALLET_PAYMENT_STATUSES)[number];

/** How a sandbox wallet payment's renewals go: chosen on its page ("Approve" or "Approve, renewals will fail"). */
export const WALLET_RENEWAL_OUTCOMES = ['approve', 'decline'] as const;
export type WalletRenewalOutcome = (typeof WALLET_RENEWAL_OUTCOMES)[number];

/** A sandbox wallet's payment (PayPal or Amazon Pay stand-in; SandboxPaymentRepository maps the table's rows). */
export interface SandboxWalletPayment {
  id: string;
  wallet: WalletId;
  /** What the real wallet would make for the offer. */
  flow: WalletFlow;
  amount: number;
  currencyCode: CurrencyCode;
  description: string;
  status: SandboxWalletPaymentStatus;
  returnUrl: string;
  lastErrorCode: PaymentFailureCode | null;
  idempotencyKey: string;
  livemode: boolean;
  /** How its subscription's renewals go (a renewal's own payment keeps its outcome too). */
  renewals: WalletRenewalOutcome;
  /** The sandbox PayPal cancelled its subscription for good (its cancelled period over); null while it may renew. */
  renewalsCancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
}
