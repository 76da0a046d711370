import { cardPageReturn, cardPageSubscription, isRenewalPaymentReturn } from '@/lib/account/cardChange';
import { successPathFor } from '@/lib/journey/successPath';
import type { SandboxIntent, SandboxWalletPayment } from './sandboxPayments';

/**
 * Where the visitor goes once the sandbox bank (or a sandbox wallet) has answered: the
 * success page when the payment went through, else back to the payment step with the
 * reason, to try again. A card kept for a subscription goes back to its card page, naming
 * the setup, whatever the answer: the page confirms it, and the server says how it went.
 */
export function authenticationRedirect(
  payment: Pick<SandboxIntent | SandboxWalletPayment, 'id' | 'status' | 'returnUrl' | 'lastErrorCode'>,
): string {
  const returnPath = payment.returnUrl ?? '/';
  if (payment.status === 'requires_action') return returnPath;
  // A held renewal: its card page asks the server how it went, whatever the answer.
  if (isRenewalPaymentReturn(returnPath)) return returnPath;
  if (cardPageSubscription(returnPath)) return cardPageReturn(returnPath, payment.id);
  if (payment.status === 'succeeded') return successPathFor(returnPath);
  const separator = returnPath.includes('?') ? '&' : '?';
  return `${returnPath}${separator}payment_failed=${payment.lastErrorCode ?? 'processing_error'}`;
}
