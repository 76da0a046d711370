import type { Selectable } from 'kysely';
import type { SandboxPaymentIntentTable } from '../../db/schema';
import { successPathFor } from '../../checkout/submitService';

/**
 * Where the visitor goes once the sandbox bank (or a sandbox wallet) has answered: the
 * success page when the payment went through, else back to the payment step with the
 * reason, to try again.
 */
export function authenticationRedirect(intent: Pick<Selectable<SandboxPaymentIntentTable>, 'status' | 'return_url' | 'last_error_code'>): string {
  const returnPath = intent.return_url ?? '/';
  if (intent.status === 'succeeded') return successPathFor(returnPath);
  if (intent.status === 'requires_action') return returnPath;
  const separator = returnPath.includes('?') ? '&' : '?';
  return `${returnPath}${separator}payment_failed=${intent.last_error_code ?? 'processing_error'}`;
}
