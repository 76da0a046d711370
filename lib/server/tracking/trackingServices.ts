import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { BadRowLimiter } from '@/lib/server/tracking/bad-rows/badRowLimiter';
import { ByteBudget } from '@/lib/server/tracking/endpoints/byteBudget';
import { EventLimit } from '@/lib/server/tracking/endpoints/eventLimit';
import { EventStore } from '@/lib/server/tracking/storage/EventStore';
import { measureTrackingStorage, StorageCap } from '@/lib/server/tracking/storage/storageCap';

export interface TrackingServices {
  store: EventStore;
  /** Which refused requests leave a bad row (a bounded number per address and per minute, counted in the database, shared by every instance). */
  badRows: BadRowLimiter;
  /** How many events each client may have accepted per window (counted in the database, shared by every instance). */
  eventLimit: EventLimit;
  /** How many bytes each client, each IPv6 /48 and everyone together may have stored per window (counted in the database). */
  byteBudget: ByteBudget;
  /** The tracking storage's size cap and the disk's free reserve: beyond them nothing is written. */
  storageCap: StorageCap;
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
  const limiter = new RateLimiter(db, now);
  const windowMs = env.INGEST_EVENTS_WINDOW_SECONDS * 1000;
  const eventLimit = new EventLimit(limiter, { perClient: env.INGEST_EVENTS_PER_CLIENT, windowMs });
  const byteBudget = new ByteBudget(
    limiter,
    { perClient: env.INGEST_BYTES_PER_CLIENT, perNetwork: env.INGEST_BYTES_PER_NETWORK, total: env.INGEST_BYTES_TOTAL, windowMs },
    now,
  );
  const storageCap = new StorageCap(measureTrackingStorage(db), {
    maxBytes: env.TRACKING_DATABASE_MAX_BYTES,
    minFreeDiskBytes: env.TRACKING_MIN_FREE_DISK_BYTES,
  });
  return { store, badRows, eventLimit, byteBudget, storageCap, env, now };
}
