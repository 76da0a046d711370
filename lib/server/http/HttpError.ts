import type { Words } from '@/lib/i18n/words';
import { markedError } from '@/lib/server/crossBundleMark';

export interface HttpErrorOptions {
  /** Sent as Retry-After (seconds) with the answer: when asking again may help (503, 429). */
  retryAfterSeconds?: number;
  /** What went wrong underneath, for the server's log only: never sent to the caller. */
  cause?: unknown;
  /** The message in any reader's words, for a route that knows its reader's language (lib/server/http/refusal.ts). */
  wording?: (words: Words) => string;
}

/**
 * An error an API route answers with: its status, a stable code and a readable message.
 * Marked, because the bundler gives pages and API routes their own copies of a module and the
 * server context (its gateways) is made by whichever loaded first (lib/server/crossBundleMark.ts):
 * a gateway's HttpError must still be one to an API route's `instanceof`, or a 503 would be
 * answered as a 500.
 */
export class HttpError extends markedError('purchase-journey.HttpError') {
  readonly retryAfterSeconds: number | undefined;
  readonly wording: ((words: Words) => string) | undefined;

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
    this.wording = options.wording;
  }
}
