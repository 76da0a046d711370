import { serverEnv, type ServerEnv } from '../../config/serverEnv';
import { appDb } from '../db/appDb';
import { BadRowLimiter } from './badRowLimiter';
import { EventStore } from './EventStore';

export interface TrackingServices {
  store: EventStore;
  /** Which refused requests leave a bad row (a bounded number per address and per minute). */
  badRows: BadRowLimiter;
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
  holder.__trackingServices ??= appDb()
    .then(async (db) => {
      const now = () => new Date();
      const store = new EventStore(db, { now });
      const badRows = new BadRowLimiter((row) => store.appendBadRow(row), { now: () => now().getTime() });
      return { store, badRows, env: serverEnv(), now };
    })
    .catch((error: unknown) => {
      holder.__trackingServices = undefined;
      throw error;
    });
  return holder.__trackingServices;
}
