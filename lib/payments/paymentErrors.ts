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

/** What the visitor reads for each failure: what happened and what to do. */
export const PAYMENT_FAILURE_MESSAGES: Readonly<Record<PaymentFailureCode, string>> = {
  generic_decline: 'Your card was declined. Please use a different card or contact your bank.',
  insufficient_funds: 'Your card has insufficient funds. Please use a different card.',
  expired_card: 'Your card has expired. Please check the expiry date or use a different card.',
  incorrect_cvc: "Your card's security code (CVC) is incorrect. Please check it and try again.",
  authentication_failed: 'Your bank could not confirm this payment. Please try again or use a different card.',
  authentication_required: 'Your bank asks you to confirm this payment yourself. Nothing was charged yet.',
  invalid_number: 'This card number is not valid. Please check it and try again.',
  processing_error: 'We could not process your card. Nothing was charged. Please try again.',
  cancelled: 'You left without approving the payment. Nothing was charged. You can try again or choose another way to pay.',
  wallet_declined: 'The payment was not approved. Nothing was charged. Please try again or choose another way to pay.',
  interrupted: 'Your payment was interrupted before it was sent. Nothing was charged. Please try again.',
  payment_method_required: 'There is no card saved for this subscription. Please add one.',
};
