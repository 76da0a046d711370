import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { BadRowLimiter } from '@/lib/server/tracking/bad-rows/badRowLimiter';
import { EventLimit } from '@/lib/server/tracking/endpoints/eventLimit';
import { EventStore } from '@/lib/server/tracking/storage/EventStore';

export interface TrackingServices {
  store: EventStore;
  /** Which refused requests leave a bad row (a bounded number per address and per minute, counted in the database, shared by every instance). */
  badRows: BadRowLimiter;
  /** How many events each client may have accepted per window (counted in the database, shared by every instance). */
  eventLimit: EventLimit;
  env: ServerEnv;
  now: () => Date;
}

/**
 * The tracking services on the tracking database: one event store, so that every request's
 * rows share one queue and one group commit per process (a second store would mean a
 * second writer contending for the same database).
 */
export function createTrackingServices(db: Kysely<Database>, env: ServerEnv, now: () => Date): TrackingServices {
  const store = new EventStore(db, { now });
  const badRows = new BadRowLimiter(db, (row) => store.appendBadRow(row), { now: () => now().getTime() });
  const eventLimit = new EventLimit(new RateLimiter(db, now), {
    perClient: env.INGEST_EVENTS_PER_CLIENT,
    windowMs: env.INGEST_EVENTS_WINDOW_SECONDS * 1000,
  });
  return { store, badRows, eventLimit, env, now };
}
