import type { DeclineCode } from '@/lib/payments/sandbox/testCards';

/** Why a payment did not go through, as the gateways report it. */
export type PaymentFailureCode =
  | DeclineCode
  | 'authentication_failed'
  /** An off-session renewal the bank will take only once the buyer confirms it themselves (3-D Secure). */
  | 'authentication_required'
  | 'invalid_number'
  | 'processing_error'
  | 'cancelled'
  | 'wallet_declined'
  /** The server stopped before the payment reached the provider (reconciliation found nothing taken). */
  | 'interrupted'
  /** A renewal with nothing saved to charge (an order that kept no card or agreement). */
  | 'payment_method_required';

/**
 * Every failure code, in the order the checkout's wording lists them (what each says:
 * lib/payments/failureWording.ts). A code left out does not compile.
 */
export const PAYMENT_FAILURE_CODES = [
  'generic_decline',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'authentication_failed',
  'authentication_required',
  'invalid_number',
  'processing_error',
  'cancelled',
  'wallet_declined',
  'interrupted',
  'payment_method_required',
] as const satisfies readonly PaymentFailureCode[];

type Unlisted = Exclude<PaymentFailureCode, (typeof PAYMENT_FAILURE_CODES)[number]>;
const _everyCodeListed: [Unlisted] extends [never] ? true : Unlisted = true;

export const isPaymentFailureCode = (value: string): value is PaymentFailureCode =>
  (PAYMENT_FAILURE_CODES as readonly string[]).includes(value);
