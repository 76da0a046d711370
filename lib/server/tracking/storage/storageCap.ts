import fs from 'node:fs';
import path from 'node:path';
import * as Sentry from '@sentry/nextjs';
import { sql, type Kysely } from 'kysely';
import { markedError } from '@/lib/server/crossBundleMark';
import { sqliteHandleOf } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';

/** TRACKING_DATABASE_MAX_BYTES and TRACKING_MIN_FREE_DISK_BYTES. */
export interface StorageCaps {
  /** The tracking tables may hold at most this many bytes. */
  maxBytes: number;
  /** Tracking writes stop while the tracking file's disk has less free than this (SQLite files only). */
  minFreeDiskBytes: number;
}

export interface StorageReading {
  /** What the tracking tables take (SQLite: the file's used pages; PostgreSQL: the tables with their indexes). */
  databaseBytes: number;
  /** Free space on the disk that holds the tracking file; null where it cannot be known (PostgreSQL, in memory). */
  freeDiskBytes: number | null;
}

/**
 * A tracking write refused because the tracking storage is at its cap: 507, nothing stored.
 * Marked: thrown by the server context's copy of this module, caught by the route's.
 */
export class TrackingStoreFullError extends markedError('purchase-journey.TrackingStoreFullError', HttpError) {
  constructor(reason: string) {
    super(
      507,
      'tracking_storage_full',
      `The tracking store is full (${reason}); nothing of this request was recorded. Please retry later.`,
    );
  }
}

const TRACKING_TABLES = ['tracking_events', 'tracking_bad_rows', 'schema_observations'];

/** Measures the tracking database where it is: SQLite by its pages and its disk, PostgreSQL by its tracking tables. */
export function measureTrackingStorage(db: Kysely<Database>): () => Promise<StorageReading> {
  return async () => {
    const sqlite = sqliteHandleOf(db);
    if (sqlite) {
      // The connection is held, so that no other statement shares it meanwhile.
      const pages = await db.connection().execute(async () => {
        const count = sqlite.pragma('page_count', { simple: true }) as number;
        const free = sqlite.pragma('freelist_count', { simple: true }) as number;
        const size = sqlite.pragma('page_size', { simple: true }) as number;
        return (count - free) * size;
      });
      if (sqlite.memory) return { databaseBytes: pages, freeDiskBytes: null };
      const disk = await fs.promises.statfs(path.dirname(sqlite.name));
      return { databaseBytes: pages, freeDiskBytes: disk.bavail * disk.bsize };
    }
    // The tracking tables only: on PostgreSQL they may share a database with the orders.
    const sizes = TRACKING_TABLES.map((table) => sql`coalesce(pg_total_relation_size(to_regclass(${table})), 0)`);
    const { rows } = await sql<{ bytes: number | string }>`select ${sql.join(sizes, sql` + `)} as bytes`.execute(db);
    return { databaseBytes: Number(rows[0]?.bytes ?? 0), freeDiskBytes: null };
  };
}

/**
 * Keeps the tracking data from starving the orders' database of disk: a write that would
 * take the tracking tables past their cap, or the tracking file's disk below its free
 * reserve, is refused (507) before anything is counted or stored. The storage is measured
 * at most every `checkEveryMs` (a few pragmas or one size query), and what was admitted
 * since is added to the last reading, so that a burst between two readings cannot overshoot.
 * Running into the cap is logged and reported once per reading.
 */
export class StorageCap {
  private reading: StorageReading | null = null;
  private readAt = -Infinity;
  private measuring: Promise<StorageReading> | null = null;
  /** Bytes admitted since the last reading. */
  private admitted = 0;
  private reported = false;

  constructor(
    private readonly measure: () => Promise<StorageReading>,
    readonly caps: StorageCaps,
    private readonly options: { now?: () => number; checkEveryMs?: number } = {},
  ) {}

  /** Admits a write of `bytes`, or throws TrackingStoreFullError. */
  async admit(bytes: number): Promise<void> {
    const reading = await this.current();
    const reason = this.fullReason(reading, this.admitted + bytes);
    if (reason) {
      this.report(reason);
      throw new TrackingStoreFullError(reason);
    }
    this.admitted += bytes;
  }

  private fullReason(reading: StorageReading, adding: number): string | null {
    const { maxBytes, minFreeDiskBytes } = this.caps;
    if (reading.databaseBytes + adding > maxBytes)
      return `the tracking tables hold ${reading.databaseBytes} bytes of at most ${maxBytes}, TRACKING_DATABASE_MAX_BYTES`;
    if (reading.freeDiskBytes !== null && reading.freeDiskBytes - adding < minFreeDiskBytes)
      return `its disk has ${reading.freeDiskBytes} bytes free, below the ${minFreeDiskBytes} kept for the orders, TRACKING_MIN_FREE_DISK_BYTES`;
    return null;
  }

  private async current(): Promise<StorageReading> {
    const now = (this.options.now ?? Date.now)();
    if (this.reading && now - this.readAt < (this.options.checkEveryMs ?? 10_000)) return this.reading;
    // One measurement at a time: the requests that come meanwhile share it.
    this.measuring ??= this.measure().finally(() => {
      this.measuring = null;
    });
    const reading = await this.measuring;
    if (this.reading !== reading) {
      this.reading = reading;
      this.readAt = now;
      this.admitted = 0;
      this.reported = false;
    }
    return reading;
  }

  private report(reason: string): void {
    if (this.reported) return;
    this.reported = true;
    const message = `[events] tracking writes are refused (507): ${reason}`;
    console.error(message);
    Sentry.captureMessage(message, 'error');
  }
}
