import type { Words } from '@/lib/i18n/words';
import { BANK_DID_NOT_CONFIRM } from './paymentMachine';
import { PREPARE_FAILED } from './runPayment';

/** A failed payment as the step holds it: the words it came with, and the code of what failed. */
export interface PaymentFailure {
  message: string;
  code?: string;
}

/**
 * What the buyer reads when a payment failed. The server words its declines and refusals in
 * the page's language, and Stripe.js words its own; what only the browser knows (no answer,
 * an answer without our JSON, a bank check that ended without a reason) is worded here, as
 * are the server's answers that no route words (a crash, a database that is not there).
 */
export function paymentFailureText(words: Words, failure: PaymentFailure): string {
  switch (failure.code) {
    case 'network':
      return words.t('payment.error.unreachable');
    case 'unknown':
    case 'unexpected':
    case 'internal_error':
      return words.t('payment.error.fallback');
    case 'service_unavailable':
      return words.t('payment.error.busy');
    case BANK_DID_NOT_CONFIRM:
      return words.t('payment.error.bankDidNotConfirm');
    case PREPARE_FAILED:
      return words.t('payment.error.prepareFailed');
    default:
      return failure.message;
  }
}
