import type { PostalAddress } from '@/lib/geo/addressFormat';
import type { BrandIdentity } from '@/lib/catalogue/types';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { QuoteLine } from '@/lib/pricing/quote';
import type { TaxLine, TaxRate } from '@/lib/pricing/tax';
import type { WalletId } from '@/lib/payments/methods';
import type { ExpressWalletId } from '@/lib/payments/express/expressWallets';

/** What was ordered, kept with the transaction as it was when the visitor paid. */
export interface OrderSnapshot {
  offer: {
    id: string;
    uuid: string;
    name: string;
    description: string;
    billingInterval: 'month' | 'year';
    trialOffer: boolean;
    trialDays: number | null;
    isPrintOffer: boolean;
    /** What a renewal costs, in cents. */
    renewalAmount: number;
  };
  lines: QuoteLine[];
  taxRate: TaxRate;
  /** What each of the rate's taxes came to (absent on orders kept before it was: their one tax is the order's). */
  taxLines?: TaxLine[];
  /**
   * How it was paid: a card (its brand and last digits, where the gateway told us, and the
   * express wallet that handed it over, if one did) or a wallet.
   */
  payment: { method: 'card'; brand: string; last4: string; wallet?: ExpressWalletId } | { method: WalletId };
  /**
   * The payment step's path and query the order was submitted from (absent on orders
   * placed before it was kept): an answer given later than the submit's own (after a
   * reconciliation) sends the visitor on from there, as the submit would have.
   */
  paymentStepPath?: string;
  /**
   * What the purchase acknowledgment is written from (absent on orders placed before it was
   * sent): the brand as the buyer saw it, the renewal terms word for word as the payment
   * step showed them, and the site's origin the order came through (null when unknown).
   */
  acknowledgment?: { brandName: string; brandIdentity: BrandIdentity; renewalTerms: string; origin: string | null };
}

export type TransactionStatus = 'processing' | 'requires_action' | 'succeeded' | 'failed';

/** A transaction as SPEC §3 names it, for the success page and for operators. */
export interface TransactionView {
  id: string;
  status: TransactionStatus;
  livemode: boolean;
  createdAt: string;
  offer: OrderSnapshot['offer'];
  coupon: { code: string } | null;
  paymentMethod: OrderSnapshot['payment'];
  subscription: { id: string } | null;
  /** Whether the purchase acknowledgment was queued for the buyer's address (orders placed before it existed: false). */
  confirmationEmailed: boolean;
  invoice: {
    invoiceNumber: string | null;
    currencyCode: CurrencyCode;
    lines: QuoteLine[];
    subtotal: number;
    tax: number;
    taxRate: TaxRate;
    /** What each tax came to: one row each on the invoice. */
    taxLines: TaxLine[];
    summaryTotal: { total: number; discount: { amount: number; promoCode: string | null } };
  };
  customer: {
    email: string;
    firstName: string;
    lastName: string;
    country: string;
    /** Where a print subscription is delivered; null for digital. */
    deliveryAddress: PostalAddress | null;
  };
}
