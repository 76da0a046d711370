import type { SubmitResponse } from '@/lib/checkout/submitContract';
import { HttpError } from '@/lib/server/http/HttpError';
import { refusal } from '@/lib/server/http/refusal';
import type { SubmitAttempt } from './attempt';
import type { CheckoutDeps } from './deps';

/** The same attempt is still being charged by another request. */
export const inProgress = () => refusal(409, 'attempt_in_progress', (words) => words.t('refusals.inProgress'));

/**
 * Claims the attempt's key for this request, so that an attempt is charged once however
 * many times and however concurrently it is submitted. Returns the answer of the request
 * that claimed it first (waiting for it while it runs); null when this request is to charge.
 */
export async function claimAttempt(deps: CheckoutDeps, attempt: SubmitAttempt): Promise<SubmitResponse | null> {
  const { idempotency, key } = attempt;
  const claim = await idempotency.claim(key, attempt.fingerprint);
  if (claim.kind === 'mismatch') {
    // The attempt's first request was paid (its answer was lost, then the visitor changed
    // the form): that payment is the answer, never a second one under a new key.
    if (claim.response?.status === 'succeeded') return claim.response;
    if (claim.inProgress) throw inProgress();
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This checkout attempt was already used for a different order. Please reload the page and try again.',
    );
  }
  if (claim.kind === 'done') return claim.response;
  if (claim.kind === 'in_progress') {
    const response = await idempotency.waitForResponse(key, deps.waitForConcurrentMs ?? 15_000);
    if (!response) throw inProgress();
    return response;
  }
  return null;
}
