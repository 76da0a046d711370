import type { ApiError } from '@/lib/api/apiErrors';
import type { SubmitResponse } from '@/lib/checkout/submitContract';
import type { NextAction } from './nextAction';
import { PROVIDER_UNAVAILABLE_CODE } from './providerOutage';

/**
 * The payment sequence of one checkout attempt, as a pure state machine (no React, no I/O):
 *
 *   idle ─submit-started→ preparing ─prepared→ submitting ─submitted→ succeeded
 *                            │                     │                  ├→ failed (declined)
 *                      prepare-failed        request-failed           ├→ redirecting (bank page)
 *                            ↓                     ↓                  └→ requires_action (in page)
 *                          failed               failed                      │ action-completed | action-failed
 *                                                                           ↓
 *                                                  confirming ─confirmed→ succeeded | failed
 *
 * `failed` says whether the attempt (its idempotency key) is kept: after a lost answer it
 * must be, so that a retry is the same attempt and cannot charge twice. Submitting again
 * from `failed` is the retry. An event a state does not expect leaves it unchanged: a second
 * click while a payment is under way does nothing.
 */
export type PaymentState =
  | { status: 'idle' }
  /** The payment method plug-in makes what the submit sends (a Stripe payment method). */
  | { status: 'preparing' }
  | { status: 'submitting' }
  /** The bank must authenticate the visitor in the page (Stripe.js); confirming follows. */
  | { status: 'requires_action'; action: NextAction }
  /** Asking the server where the payment stands after the in-page action; `bankError` is what the bank said, if it failed. */
  | { status: 'confirming'; bankError: string | null }
  /** Leaving for the bank's page; the attempt stays open until the visitor comes back. */
  | { status: 'redirecting'; url: string }
  | { status: 'succeeded'; successPath: string }
  /**
   * `message` is the server's or the provider script's words, in the page's language; `code`
   * is the server's or the API client's code of a failed call (or the step's own, for a bank
   * check or card check that ended without words): paymentFailureText words those only the
   * browser knows (lib/payments/paymentFailureText.ts).
   * `providerUnavailable`: the payment provider is down (503 payment_provider_unavailable),
   * not a decline: the step shows its outage panel.
   */
  | { status: 'failed'; message: string; code?: string; attemptKept: boolean; providerUnavailable?: true };

export type PaymentStatus = PaymentState['status'];

export type PaymentEvent =
  | { type: 'submit-started' }
  | { type: 'prepared' }
  /** `code`: the method plug-in threw rather than answering why (PREPARE_FAILED). */
  | { type: 'prepare-failed'; message: string; code?: string }
  | { type: 'submitted'; response: SubmitResponse }
  | { type: 'action-completed' }
  | { type: 'action-failed'; message: string }
  | { type: 'confirmed'; response: SubmitResponse }
  | { type: 'request-failed'; error: ApiError }
  /** Back to idle, from any state without a call under way (say, a page restored from the back/forward cache). */
  | { type: 'reset' };

export const INITIAL_PAYMENT_STATE: PaymentState = { status: 'idle' };

/** The code of a bank's in-page check that ended without a payment and without a reason. */
export const BANK_DID_NOT_CONFIRM = 'bank_did_not_confirm';

/**
 * Whether a failed call ends the attempt: only a 4xx refusal does (the server read the
 * request and will never take it), except `attempt_in_progress`, which is the same attempt
 * still being worked on. No answer (network) or a 5xx may hide a charge: the key is kept.
 */
export function endsAttempt(error: Pick<ApiError, 'status' | 'code'>): boolean {
  return error.status >= 400 && error.status < 500 && error.code !== 'attempt_in_progress';
}

/** Whether the visitor must wait: a payment is under way, or the page is leaving for the bank or the success page. */
export function isBusy(state: PaymentState): boolean {
  return state.status !== 'idle' && state.status !== 'failed';
}

/** Whether the attempt has reached an answer that ends it on this page (the driver then finishes the attempt). */
export function endsAttemptHere(state: PaymentState): boolean {
  return state.status === 'succeeded' || (state.status === 'failed' && !state.attemptKept);
}

/** A final answer, after a submit or a confirm alike. */
function settled(response: Exclude<SubmitResponse, { status: 'requires_action' }>): PaymentState {
  return response.status === 'succeeded'
    ? { status: 'succeeded', successPath: response.successPath }
    : { status: 'failed', message: response.message, attemptKept: false };
}

/** The server's first answer to a submit. */
function afterSubmit(response: SubmitResponse): PaymentState {
  if (response.status !== 'requires_action') return settled(response);
  return response.action.type === 'redirect'
    ? { status: 'redirecting', url: response.action.url }
    : { status: 'requires_action', action: response.action };
}

/** The server's answer after the in-page action: still needing the bank means the bank did not confirm. */
function afterConfirm(response: SubmitResponse, bankError: string | null): PaymentState {
  if (response.status !== 'requires_action') return settled(response);
  return bankError === null
    ? { status: 'failed', message: '', code: BANK_DID_NOT_CONFIRM, attemptKept: false }
    : { status: 'failed', message: bankError, attemptKept: false };
}

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'submit-started':
      return state.status === 'idle' || state.status === 'failed' ? { status: 'preparing' } : state;
    case 'prepared':
      return state.status === 'preparing' ? { status: 'submitting' } : state;
    case 'prepare-failed':
      // Nothing was sent: the attempt (and its key) stays as it was.
      return state.status === 'preparing'
        ? { status: 'failed', message: event.message, ...(event.code ? { code: event.code } : {}), attemptKept: true }
        : state;
    case 'submitted':
      return state.status === 'submitting' ? afterSubmit(event.response) : state;
    case 'action-completed':
      return state.status === 'requires_action' ? { status: 'confirming', bankError: null } : state;
    case 'action-failed':
      // The bank's word is not final: the server is asked where the payment stands all the same.
      return state.status === 'requires_action' ? { status: 'confirming', bankError: event.message } : state;
    case 'confirmed':
      return state.status === 'confirming' ? afterConfirm(event.response, state.bankError) : state;
    case 'request-failed':
      return state.status === 'submitting' || state.status === 'requires_action' || state.status === 'confirming'
        ? {
            status: 'failed',
            message: event.error.message,
            code: event.error.code,
            // A 429 at confirm: the bank may have taken the payment already, so the attempt is kept
            // and a retry asks about it again rather than paying anew. A 429 at submit charged
            // nothing and ends the attempt (the visitor may then pay with another card).
            attemptKept: !endsAttempt(event.error) || (state.status === 'confirming' && event.error.status === 429),
            ...(event.error.code === PROVIDER_UNAVAILABLE_CODE ? { providerUnavailable: true as const } : {}),
          }
        : state;
    case 'reset':
      return state.status === 'failed' || state.status === 'redirecting' || state.status === 'succeeded' ? INITIAL_PAYMENT_STATE : state;
  }
}
