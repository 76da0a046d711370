import { serverEnv, type ServerEnv } from '../../config/serverEnv';
import { trackingDb } from '../db/appDb';
import { RateLimiter } from '../identity/RateLimiter';
import { BadRowLimiter } from './badRowLimiter';
import { EventLimit } from './eventLimit';
import { EventStore } from './EventStore';

export interface TrackingServices {
  store: EventStore;
  /** Which refused requests leave a bad row (a bounded number per address and per minute, counted in the database, shared by every instance). */
  badRows: BadRowLimiter;
  /** How many events each client may have accepted per window (counted in the database, shared by every instance). */
  eventLimit: EventLimit;
  env: ServerEnv;
  now: () => Date;
}

const holder = globalThis as typeof globalThis & { __trackingServices?: Promise<TrackingServices> };

/**
 * The server's one event store: one queue and one flusher per process, so that every
 * request's rows share the group commit (a second store would mean a second writer
 * contending for the same database).
 */
export function trackingServices(): Promise<TrackingServices> {
  holder.__trackingServices ??= trackingDb()
    .then(async (db) => {
      const now = () => new Date();
      const store = new EventStore(db, { now });
      const badRows = new BadRowLimiter(db, (row) => store.appendBadRow(row), { now: () => now().getTime() });
      const env = serverEnv();
      const eventLimit = new EventLimit(new RateLimiter(db, now), { perClient: env.INGEST_EVENTS_PER_CLIENT, windowMs: env.INGEST_EVENTS_WINDOW_SECONDS * 1000 });
      return { store, badRows, eventLimit, env, now };
    })
    .catch((error: unknown) => {
      holder.__trackingServices = undefined;
      throw error;
    });
  return holder.__trackingServices;
}
