import { markedError } from '@/lib/server/crossBundleMark';
import { HttpError } from '@/lib/server/http/HttpError';
import type { RateLimiter } from '@/lib/server/identity/RateLimiter';

/** Accepted events per client per fixed window (INGEST_EVENTS_PER_CLIENT, INGEST_EVENTS_WINDOW_SECONDS). */
export interface EventLimits {
  perClient: number;
  windowMs: number;
}

/**
 * A request over its client's event limit: 429, with the seconds until the window ends for Retry-After.
 * Marked: the limit is checked by the server context's copy of this module, the route may be another.
 */
export class EventLimitError extends markedError('purchase-journey.EventLimitError', HttpError) {
  constructor(
    readonly retryAfterSeconds: number,
    limits: EventLimits,
  ) {
    const minutes = Math.round(limits.windowMs / 60_000);
    const window = minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(limits.windowMs / 1000)} seconds`;
    super(
      429,
      'too_many_events',
      `This address has sent more than ${limits.perClient} tracking events in ${window}; nothing of this request was recorded. Please retry in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    );
  }
}

/**
 * Bounds the events one client can write, so that nobody can fill the database that also
 * holds payments with valid-looking events. Counted in the database (`rate_limits`, fixed
 * windows), so that every app instance shares one budget per client, and per request (one
 * upsert adding the request's number of events), never per event. A request goes whole or
 * not at all: one that would take its client over the limit is refused and stores nothing.
 */
export class EventLimit {
  constructor(
    private readonly limiter: RateLimiter,
    readonly limits: EventLimits,
  ) {}

  /** Counts `items` accepted events of `client` (a requestClientKey); throws EventLimitError beyond the limit. */
  async admit(client: string, items: number): Promise<void> {
    if (items <= 0) return;
    const taken = await this.limiter.allowAmount(`ingest:events:${client}`, items, this.limits.perClient, this.limits.windowMs);
    if (!taken.allowed) throw new EventLimitError(taken.retryAfterSeconds, this.limits);
  }
}
