import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { SubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import type { OperatorView } from './backOfficeViews';
import type { PostalAddress } from '@/lib/geo/addressFormat';

/** What customer care's pages and routes are given (JSON: no undefined, no Date). Amounts in minor units. */

/** One subscription a search found, and why it matched. */
export interface CareSearchHit {
  subscriptionId: string;
  brandSlug: string;
  offerName: string;
  ownerEmail: string | null;
  billingEmail: string;
  status: SubscriptionStatus;
  livemode: boolean;
  currentPeriodEnd: string;
  /** 'email': the owner's or billing address; 'invoice': one of its invoices has the number. */
  matchedBy: 'email' | 'invoice';
}

export interface CareSubscriptionView {
  id: string;
  brandSlug: string;
  offerId: string;
  offerName: string;
  status: SubscriptionStatus;
  livemode: boolean;
  ownerEmail: string | null;
  billingEmail: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  /** "Visa ending 4242", "PayPal". */
  paymentMethod: string;
  gateway: string;
  renewalAmount: number;
  currencyCode: CurrencyCode;
  billingInterval: string;
  cancelRequestedAt: string | null;
  cancelReason: string | null;
  cancelChannel: string | null;
  endedAt: string | null;
  endReason: string | null;
  /** A print subscription's: where it is delivered; null for a digital one. */
  deliveryAddress: PostalAddress | null;
  /** Whether care can still cancel it at the period's end (it renews) or at once (it has not ended). */
  canCancelAtPeriodEnd: boolean;
  canEndNow: boolean;
}

export interface CareRefundView {
  id: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  creditNoteNumber: string | null;
  reason: string;
  requestedBy: string;
  failure: string | null;
  createdAt: string;
  settledAt: string | null;
}

/** A payment (a purchase or a renewal) with its invoice and refunds. */
export interface CareTransactionView {
  id: string;
  kind: 'purchase' | 'renewal';
  status: string;
  gateway: string;
  invoiceNumber: string | null;
  currencyCode: CurrencyCode;
  total: number;
  /** Refunded by the provider (succeeded refunds). */
  refunded: number;
  /** What can still be refunded: the total less what is refunded or being refunded. 0 when it cannot be refunded. */
  refundable: number;
  failureCode: string | null;
  createdAt: string;
  refunds: CareRefundView[];
}

export interface CareMailView {
  id: string;
  kind: string;
  subject: string;
  to: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

/** One line of a subscription's time line (its kept history), oldest first. */
export interface CareEventView {
  /** When it was recorded, real time. */
  at: string;
  /** 'subscription', 'payment', 'refund', 'notice', 'cancel-page', 'operator'. */
  kind: string;
  text: string;
  /** Who did it: "the subscriber", "operator:care@example.com", "our renewal jobs", "the payment provider". */
  by: string;
  /** The subscription's test clock at that moment, where its date is not the real one's; null otherwise. */
  clockAt: string | null;
  /** Rebuilt from older records when its history began to be kept (migration 0045), not kept as it happened. */
  reconstructed: boolean;
}

/** Everything care sees of one subscription and the customer who holds it. */
export interface CareCustomerView {
  subscription: CareSubscriptionView;
  /** The customer's other subscriptions (same owner or billing address). */
  others: CareSearchHit[];
  transactions: CareTransactionView[];
  mails: CareMailView[];
  events: CareEventView[];
}

export interface CareSearchPageProps {
  operator: OperatorView;
  /** What was searched for ('' before a search). */
  query: string;
  /** null before a search, and for a query that is not searched. */
  hits: CareSearchHit[] | null;
  /** Why the query was not searched (a part of an address or number); null otherwise. */
  problem: string | null;
}

export interface CareCustomerPageProps {
  operator: OperatorView;
  customer: CareCustomerView;
}

/** What a refund form is given: "12.50" for 1250 minor units (every currency of the journey has two decimals). */
export function majorUnits(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** "12.50", "12,5", "12" → minor units; null when it is no positive amount with at most two decimals. */
export function minorUnits(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

const END_REASONS: Record<string, string> = {
  cancelled: 'its cancelled period was over',
  payment_failed: 'its renewal stayed unpaid',
  ended_by_care: 'ended at once by customer care',
  withdrawn: 'the buyer withdrew from the contract',
  duplicate_undone: 'a duplicate purchase was undone',
};

/** Why a subscription ended, in words (the stored reason when it is one this list does not know). */
export const endReasonWords = (reason: string): string => END_REASONS[reason] ?? reason;
