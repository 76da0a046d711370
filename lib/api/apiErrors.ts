/**
 * The one error the browser's API client throws: what went wrong (kind), the HTTP status
 * (0 when no answer came), the server's stable code, and a message a visitor can read.
 *
 * kind, from the answer:
 * - network           no answer at all (offline, DNS, CORS, connection reset); status 0
 * - refused           a 4xx other than 429: the server read the request and said no
 * - rate_limited      429: asked too often; waiting helps
 * - unavailable       502, 503, 504: the server or what it depends on is down for now
 * - server            any other 5xx: the server failed while handling the request
 * - invalid_response  a 2xx or 3xx whose body is not the JSON the call expects
 */
export type ApiErrorKind = 'network' | 'refused' | 'rate_limited' | 'server' | 'unavailable' | 'invalid_response';

export interface ApiErrorInit {
  status: number;
  message: string;
  /** The server's code (`attempt_in_progress`); 'network' without an answer, 'unknown' without a code. */
  code?: string;
  /** Derived from the status when left out. */
  kind?: ApiErrorKind;
  /** The server's per-field problems of a 400 (`email: Enter a valid email address…`). */
  details?: readonly string[];
  cause?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly kind: ApiErrorKind;
  readonly details: readonly string[];

  constructor({ status, message, code, kind, details, cause }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind ?? kindOfStatus(status);
    this.code = code ?? (this.kind === 'network' ? 'network' : 'unknown');
    this.details = details ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What an HTTP status (0: no answer) says about a failed call. */
export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 0) return 'network';
  if (status === 429) return 'rate_limited';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  if (status >= 500) return 'server';
  if (status >= 400) return 'refused';
  return 'invalid_response';
}

/** The readable messages of one call: when nothing answered, and when the answer says nothing readable. */
export interface CallMessages {
  unreachable: string;
  fallback: string;
}

const NETWORK = 'We could not reach our server. Please check your connection and try again.';

/** The messages each call shows, kept from the callers that made these calls before lib/api. */
export const API_MESSAGES = {
  quote: {
    unreachable: 'We could not reach our server to price your order. Please check your connection and try again.',
    fallback: 'We could not price your order. Please try again.',
  },
  /** Submit and confirm: a visitor who sees these may retry, and the attempt's key keeps that from charging twice. */
  payment: {
    unreachable: 'We could not reach our server. Please check your connection and try again: your payment will not be taken twice.',
    fallback: 'Something went wrong. Please try again: your payment will not be taken twice.',
  },
  signInLink: { unreachable: NETWORK, fallback: 'We could not send the link. Please try again.' },
  signOut: { unreachable: NETWORK, fallback: 'We could not sign you out. Please try again.' },
  subscriptionStatus: { unreachable: NETWORK, fallback: 'We could not check your subscriptions. Please try again.' },
  cancellation: { unreachable: NETWORK, fallback: 'We could not record your cancellation. Nothing was changed; please try again.' },
  subscriptionChange: { unreachable: NETWORK, fallback: 'We could not change your subscription. Nothing was changed; please try again.' },
  undoPurchase: {
    unreachable: NETWORK,
    fallback: 'We could not undo this purchase just now. Please try again: it is never refunded twice.',
  },
  /** A withdrawal may have been received though its answer was lost: the page read again shows its receipt if so. */
  withdrawal: {
    unreachable: 'We could not reach our server. Please reload the page: if your withdrawal was received, its receipt is shown there.',
    fallback: 'We could not confirm your withdrawal. Please reload the page: if it was received, its receipt is shown there.',
  },
  withdrawalDeclaration: { unreachable: NETWORK, fallback: 'We could not record your withdrawal. Please try again.' },
  /** An answer may have been recorded though its reply was lost: the page read again says whether the link was used. */
  withdrawalAnswer: {
    unreachable: 'We could not reach our server. Please reload the page: it shows whether your answer was recorded.',
    fallback: 'We could not record your answer. Please reload the page: it shows whether it was recorded.',
  },
  sandboxAuthentication: { unreachable: NETWORK, fallback: 'The sandbox bank did not answer. Please try again.' },
  sandboxWallet: { unreachable: NETWORK, fallback: 'The sandbox wallet did not answer. Please try again.' },
} as const satisfies Record<string, CallMessages>;

/** No answer came: the fetch itself failed. */
export function networkError(messages: CallMessages, cause?: unknown): ApiError {
  return new ApiError({ status: 0, kind: 'network', code: 'network', message: messages.unreachable, cause });
}

function errorPart(body: unknown): { code?: unknown; message?: unknown; details?: unknown } | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null ? error : null;
}

/** Whether an answer's body is an error body (`{ error: {…} }`), whatever its status. */
export function hasErrorBody(body: unknown): boolean {
  return errorPart(body) !== null;
}

/**
 * The error for an answer that is not the success the call expects: the server's code and
 * message when its body has them (`{ error: { code, message, details } }`, the ErrorBody of
 * lib/server/http/apiRoute.ts), else the call's
 * fallback message. `body` is null when the answer was not JSON.
 */
export function errorFromAnswer(status: number, body: unknown, messages: CallMessages): ApiError {
  const error = errorPart(body);
  const code = typeof error?.code === 'string' ? error.code : undefined;
  const message = typeof error?.message === 'string' && error.message.trim() !== '' ? error.message : messages.fallback;
  const details = Array.isArray(error?.details)
    ? error.details.filter((detail): detail is string => typeof detail === 'string')
    : undefined;
  return new ApiError({ status, message, ...(code ? { code } : {}), ...(details ? { details } : {}) });
}

/** A fetch aborted through its signal rejects with an AbortError, which is not a failure to report. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
