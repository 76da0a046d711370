import type { CurrencyCode } from '@/lib/pricing/currencies';

/**
 * A credit note (issue 37): what a refund made gives back of one invoice, numbered once,
 * gap-free per mode and year (CN-2026-000042; CN-TEST-… in test mode), when the provider
 * refunded it. A refund under way or refused has none.
 */
export interface CreditNote {
  number: string;
  refundId: string;
  /** The invoice it credits. */
  invoiceNumber: string;
  livemode: boolean;
  issuedAt: string;
  currencyCode: CurrencyCode;
  /** Minor units of the invoice's currency. */
  amount: number;
  /** Why it was refunded, as the refund was asked for. */
  reason: string;
}
