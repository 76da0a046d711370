import { carriesMark } from '@/lib/server/crossBundleMark';

export interface HttpErrorOptions {
  /** Sent as Retry-After (seconds) with the answer: when asking again may help (503, 429). */
  retryAfterSeconds?: number;
  /** What went wrong underneath, for the server's log only: never sent to the caller. */
  cause?: unknown;
}

/**
 * Marks every HttpError, whichever copy of this module made it. The bundler gives pages and
 * API routes their own copies of a module, and the server context (its gateways) is made
 * by whichever loaded first (lib/server/crossBundleMark.ts): a gateway's HttpError must still be one to
 * an API route's `instanceof`, or a 503 would be answered as a 500.
 */
const HTTP_ERROR = Symbol.for('purchase-journey.HttpError');

/** An error an API route answers with: its status, a stable code and a readable message. */
export class HttpError extends Error {
  readonly retryAfterSeconds: number | undefined;
  readonly [HTTP_ERROR] = true;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: readonly string[],
    options: HttpErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** `instanceof HttpError` by the mark; subclasses keep the usual prototype check. */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== HttpError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return carriesMark(value, HTTP_ERROR);
  }
}
