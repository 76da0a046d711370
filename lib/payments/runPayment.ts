import type { ApiClient } from '@/lib/api/apiClient';
import { API_MESSAGES, ApiError } from '@/lib/api/apiErrors';
import type { SubmitRequestInput } from '@/lib/checkout/submitContract';
import type { NextAction } from './nextAction';
import { endsAttemptHere, INITIAL_PAYMENT_STATE, paymentReducer, type PaymentEvent, type PaymentState } from './paymentMachine';

/** What the submit sends as the payment: card details (sandbox) or a Stripe payment method. */
export type PaymentInput = SubmitRequestInput['payment'];

/** The checkout attempt (lib/checkout/useAttempt.ts): its key outlives a reload until the attempt has a final answer. */
export interface PaymentAttempt {
  key(): string;
  /** The payment method made for this attempt, reused when it is retried. */
  paymentMethodId(): string | undefined;
  rememberPaymentMethod(id: string): void;
  finish(): void;
}

/** The payment method plug-in's browser side. */
export interface PaymentMethodActions {
  /**
   * Makes what the submit sends for this attempt (with Stripe: creates the payment method,
   * or reuses the one it made for the attempt, so that a retry is the same request); a
   * readable error when it cannot.
   */
  prepare(attempt: PaymentAttempt): Promise<{ payment: PaymentInput } | { error: string }>;
  /** Lets the bank authenticate the visitor in the page; a readable error when that did not happen. */
  handleAction(action: NextAction): Promise<{ error?: string }>;
}

export interface PaymentDeps {
  api: Pick<ApiClient, 'submit' | 'confirm'>;
  attempt: PaymentAttempt;
  method: PaymentMethodActions;
  /** The whole submit request for this payment and attempt key; its returnPath is also the confirm's. */
  buildRequest(payment: PaymentInput, idempotencyKey: string): SubmitRequestInput;
  /** Goes to the success page (router.push). */
  navigate(successPath: string): void | Promise<unknown>;
  /** Leaves for the bank's page (window.location.assign). */
  redirect(url: string): void;
}

export type PaymentDispatch = (event: PaymentEvent) => void;

/** The code of a method plug-in that threw instead of answering an error. */
export const PREPARE_FAILED = 'prepare_failed';

/** Anything but an ApiError (a bug, a plug-in that threw): the attempt is kept, as after a lost answer. */
function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ status: 0, kind: 'server', code: 'unexpected', message: API_MESSAGES.payment.fallback, cause: error });
}

/**
 * Runs the payment sequence of the current attempt from `from`, emitting each step to
 * `dispatch` (the view renders the states, it decides nothing), and answers the state it
 * ended in. If `from` cannot start a payment (one is under way), nothing happens.
 *
 * - The attempt's key is taken first; the method prepares the payment for that attempt
 *   (a method that makes something per attempt reuses it on a retry).
 * - After a lost answer (network, 5xx) or `attempt_in_progress` the attempt is kept, so a
 *   retry cannot charge twice; a success, a decline or another 4xx finishes it.
 * - A redirect action leaves the page (redirect) with the attempt open: the visitor comes
 *   back to the card step, to the success page or with `payment_failed`.
 * - An in-page action (stripe_sdk) is handed to the method, then the server is asked
 *   where the payment stands (confirm), whether or not the bank reported an error.
 *
 * `submit-started` is dispatched synchronously, before the first await, so a second call
 * made with the state this call produced does nothing (see createPaymentDriver).
 * An error from navigate propagates; the state is `succeeded` by then.
 */
/** The server refused the attempt's key for this payment (422 idempotency_key_reused): nothing was charged by it. */
const isStaleAttempt = (error: { status: number; code: string }) => error.status === 422 && error.code === 'idempotency_key_reused';

export async function runPayment(
  deps: PaymentDeps,
  dispatch: PaymentDispatch,
  from: PaymentState = INITIAL_PAYMENT_STATE,
): Promise<PaymentState> {
  let state = from;
  /** Applies and dispatches an event; false (and nothing dispatched) when the state does not take it. */
  const emit = (event: PaymentEvent): boolean => {
    const next = paymentReducer(state, event);
    if (next === state) return false;
    state = next;
    dispatch(event);
    return true;
  };

  // Refused while a payment is under way: a double click does nothing.
  if (!emit({ type: 'submit-started' })) return state;
  const { api, attempt, method } = deps;
  const key = attempt.key();

  let prepared: Awaited<ReturnType<PaymentMethodActions['prepare']>> | null;
  try {
    prepared = await method.prepare(attempt);
  } catch {
    prepared = null;
  }
  if (prepared === null) {
    emit({ type: 'prepare-failed', message: '', code: PREPARE_FAILED });
    return state;
  }
  if ('error' in prepared) {
    emit({ type: 'prepare-failed', message: prepared.error });
    return state;
  }
  const { payment } = prepared;
  emit({ type: 'prepared' });

  try {
    let request = deps.buildRequest(payment, key);
    let response: Awaited<ReturnType<typeof api.submit>>;
    try {
      response = await api.submit(request);
    } catch (error) {
      // The kept attempt (after an outage or a lost answer) was for another card, method or
      // total: the server charged nothing under it. This payment is a new attempt.
      if (!isStaleAttempt(asApiError(error))) throw error;
      attempt.finish();
      request = deps.buildRequest(payment, attempt.key());
      response = await api.submit(request);
    }
    emit({ type: 'submitted', response });
    const current = state as PaymentState;
    if (current.status === 'requires_action') {
      const { error } = await method.handleAction(current.action);
      emit(error ? { type: 'action-failed', message: error } : { type: 'action-completed' });
      emit({ type: 'confirmed', response: await api.confirm(request.idempotencyKey, request.returnPath) });
    }
  } catch (error) {
    emit({ type: 'request-failed', error: asApiError(error) });
  }

  const end = state as PaymentState;
  if (endsAttemptHere(end)) attempt.finish();
  if (end.status === 'succeeded') await deps.navigate(end.successPath);
  else if (end.status === 'redirecting') deps.redirect(end.url);
  return end;
}

export interface PaymentDriver {
  /** The state as of the last event, ahead of the view's next render. */
  readonly state: PaymentState;
  /** Runs a payment unless one is under way (a double click runs one). */
  run(deps: PaymentDeps): Promise<PaymentState>;
  /** Back to idle when no call is under way (a page restored from the back/forward cache while redirecting). */
  reset(): void;
}

/**
 * Keeps the payment state between runs and forwards each event to `dispatch` (the view's
 * useReducer(paymentReducer) dispatch), so that a second submit before the view re-renders
 * is still ignored.
 */
export function createPaymentDriver(dispatch: PaymentDispatch, initial: PaymentState = INITIAL_PAYMENT_STATE): PaymentDriver {
  let state = initial;
  const forward: PaymentDispatch = (event) => {
    state = paymentReducer(state, event);
    dispatch(event);
  };
  return {
    get state() {
      return state;
    },
    run: (deps) => runPayment(deps, forward, state),
    reset() {
      const next = paymentReducer(state, { type: 'reset' });
      if (next !== state) forward({ type: 'reset' });
    },
  };
}
