import { useWords } from '@/components/shell/I18n';
import { failureAtCheckout } from '@/lib/payments/failureWording';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { PaymentState } from '@/lib/payments/paymentMachine';

/**
 * The payment the step starts with: failed, in the page's words, when the bank's or a
 * wallet's page sent the visitor back with a failure code (the server names it, never words it).
 */
export function useReturnedPayment(returnedFailure: PaymentFailureCode | null): PaymentState {
  const { t } = useWords();
  return returnedFailure ? { status: 'failed', message: t(failureAtCheckout(returnedFailure)), attemptKept: false } : { status: 'idle' };
}
