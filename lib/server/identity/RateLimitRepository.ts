import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { postgresPoolOf, sqliteHandleOf } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { inPostgresTransaction } from '@/lib/server/db/postgresTransaction';

/** One counter window as stored. */
export interface RateLimitWindow {
  count: number;
  /** When it was last stamped (RateLimitRepository.stamp), if ever. */
  updatedAt: Date | null;
}

/** A window as the limits page reads it: which bucket, when it started, its count and last stamp. */
export interface StoredWindow extends RateLimitWindow {
  bucket: string;
  windowStart: string;
}

/**
 * The rate-limit counters (table rate_limits): one row per bucket and fixed window, shared
 * by every app instance. RateLimiter decides the windows and what the counts mean.
 */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds `amount` to the window and answers its new count, durably. */
  async add(bucket: string, windowStart: string, amount: number): Promise<number> {
    const { count } = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, count: amount })
      .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + excluded.count` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return count;
  }

  /**
   * Adds `amount` without waiting for the disk, for counters on the hottest paths (each
   * tracking request): a crash may lose the last increments (a client gets a little more,
   * never less), never an order, whose commits stay durable.
   */
  async addWithoutWaitingForDisk(bucket: string, windowStart: string, amount: number): Promise<number> {
    const sqlite = sqliteHandleOf(this.db);
    if (sqlite) return this.db.connection().execute(async () => countWithoutFsync(sqlite, bucket, windowStart, amount));
    const pool = postgresPoolOf(this.db);
    if (pool) return countWithoutWaitingForDisk(pool, bucket, windowStart, amount);
    return this.add(bucket, windowStart, amount);
  }

  /** Adds one and stamps the window with the time; answers the new count. */
  async stamp(bucket: string, windowStart: string, at: Date): Promise<number> {
    const stampedAt = at.toISOString();
    const { count } = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, count: 1, updated_at: stampedAt })
      .onConflict((oc) =>
        oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1`, updated_at: stampedAt }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return count;
  }

  /**
   * The windows from `since` on of one bucket, or of every bucket a LIKE pattern matches
   * (the limits page's reads; the pattern's only wildcard is the one it names).
   */
  async windowsOf(match: { exact: string } | { like: string }, since: string): Promise<StoredWindow[]> {
    const rows = await this.db
      .selectFrom('rate_limits')
      .select(['bucket', 'window_start', 'count', 'updated_at'])
      .where('bucket', 'exact' in match ? '=' : 'like', 'exact' in match ? match.exact : match.like)
      .where('window_start', '>=', since)
      .execute();
    return rows.map((row) => ({
      bucket: row.bucket,
      windowStart: row.window_start,
      count: row.count,
      updatedAt: row.updated_at ? new Date(row.updated_at) : null,
    }));
  }

  /** Forgets every window of the bucket(s), which lifts their limit: an operator's lift. Answers how many windows went. */
  async forget(match: { exact: string } | { like: string }): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('bucket', 'exact' in match ? '=' : 'like', 'exact' in match ? match.exact : match.like)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async read(bucket: string, windowStart: string): Promise<RateLimitWindow> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'updated_at'])
      .where('bucket', '=', bucket)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    return { count: row?.count ?? 0, updatedAt: row?.updated_at ? new Date(row.updated_at) : null };
  }
}

const COUNT_UPSERT =
  'insert into rate_limits (bucket, window_start, count) values ($1, $2, $3) on conflict (bucket, window_start) do update set count = rate_limits.count + excluded.count returning count';

/**
 * addWithoutWaitingForDisk on PostgreSQL, for the same reason as on SQLite below: the commit does not
 * wait for the log to reach the disk (synchronous_commit off for this transaction only), and
 * the upsert is a statement each connection prepares once. A crash can lose the last
 * increments, never an order: every other commit stays synchronous.
 */
async function countWithoutWaitingForDisk(pool: pg.Pool, bucket: string, windowStart: string, amount: number): Promise<number> {
  return inPostgresTransaction(pool, async (client) => {
    await client.query('set local synchronous_commit = off');
    const { rows } = await client.query<{ count: number }>({
      name: 'journey_count_rate_limit',
      text: COUNT_UPSERT,
      values: [bucket, windowStart, amount],
    });
    return rows[0]!.count;
  });
}

const upserts = new WeakMap<SQLite.Database, SQLite.Statement>();

/**
 * addWithoutWaitingForDisk on SQLite, for beacon traffic: a cached prepared upsert whose commit skips the
 * fsync (synchronous=NORMAL for this statement only; the caller holds the connection, so no
 * other statement runs meanwhile). A durable upsert would cost every ingestion request a disk
 * flush outside the events' group commit; this costs some 30 µs. A power cut can lose the
 * last increments (a client gets a little more, never less); the next durable commit on the
 * connection syncs them anyway.
 */
function countWithoutFsync(sqlite: SQLite.Database, bucket: string, windowStart: string, amount: number): number {
  let upsert = upserts.get(sqlite);
  if (!upsert) {
    upsert = sqlite.prepare(
      'insert into rate_limits (bucket, window_start, count) values (?, ?, ?) on conflict (bucket, window_start) do update set count = rate_limits.count + excluded.count returning count',
    );
    upserts.set(sqlite, upsert);
  }
  const previous = sqlite.pragma('synchronous', { simple: true }) as number;
  sqlite.pragma('synchronous = NORMAL');
  try {
    return (upsert.get(bucket, windowStart, amount) as { count: number }).count;
  } finally {
    sqlite.pragma(`synchronous = ${previous}`);
  }
}
