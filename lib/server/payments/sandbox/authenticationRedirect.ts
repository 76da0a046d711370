import { successPathFor } from '@/lib/journey/successPath';
import type { SandboxIntent, SandboxWalletPayment } from './sandboxPayments';

/**
 * Where the visitor goes once the sandbox bank (or a sandbox wallet) has answered: the
 * success page when the payment went through, else back to the payment step with the
 * reason, to try again.
 */
export function authenticationRedirect(
  payment: Pick<SandboxIntent | SandboxWalletPayment, 'status' | 'returnUrl' | 'lastErrorCode'>,
): string {
  const returnPath = payment.returnUrl ?? '/';
  if (payment.status === 'succeeded') return successPathFor(returnPath);
  if (payment.status === 'requires_action') return returnPath;
  const separator = returnPath.includes('?') ? '&' : '?';
  return `${returnPath}${separator}payment_failed=${payment.lastErrorCode ?? 'processing_error'}`;
}
