import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { RefundFailureCode } from '@/lib/server/payments/PaymentGateway';

/** pending: reserved and sent (or being sent) to the provider; succeeded: the provider refunded it; failed: it refunded nothing. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund of a paid transaction, as the service works with it (RefundRepository maps the table's rows). */
export interface Refund {
  id: string;
  transactionId: string;
  /** Minor units of the transaction's currency. */
  amount: number;
  currencyCode: CurrencyCode;
  livemode: boolean;
  reason: string;
  status: RefundStatus;
  /** The provider's id for it; null until the provider answered. */
  providerRefundId: string | null;
  idempotencyKey: string;
  /** Given when it succeeds: CN-2026-000001, CN-TEST-… in test mode. */
  creditNoteNumber: string | null;
  /** Who asked: 'operator:<id>', 'buyer', … */
  requestedBy: string;
  /** Why the provider refused it (failed only); `interrupted` never: an unanswered refund stays pending and is sent again. */
  failure: { code: RefundFailureCode; message: string } | null;
  createdAt: string;
  settledAt: string | null;
}
