import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { postgresPoolOf, sqliteHandleOf } from '../db/createDb';
import type { Database } from '../db/schema';

/** Fixed-window counters in the database, so that every app server counts alike. */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts one use of `bucket`; false once more than `limit` fall in the current window. */
  async allow(bucket: string, limit: number, windowMs: number): Promise<boolean> {
    const windowStart = new Date(Math.floor(this.now().getTime() / windowMs) * windowMs).toISOString();
    const { count } = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return count <= limit;
  }

  /**
   * Counts `amount` uses of `bucket` in one upsert (a request carrying many tracking events
   * costs one write, not one per event): whether the window's total is still within `limit`,
   * and the whole seconds until the window ends (for Retry-After).
   */
  async allowAmount(bucket: string, amount: number, limit: number, windowMs: number): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
    const now = this.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    const windowStart = new Date(start).toISOString();
    const sqlite = sqliteHandleOf(this.db);
    const pool = postgresPoolOf(this.db);
    const count = sqlite
      ? await this.db.connection().execute(async () => countWithoutFsync(sqlite, bucket, windowStart, amount))
      : pool
        ? await countWithoutWaitingForDisk(pool, bucket, windowStart, amount)
        : (
          await this.db
            .insertInto('rate_limits')
            .values({ bucket, window_start: windowStart, count: amount })
            .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + excluded.count` }))
            .returning('count')
            .executeTakeFirstOrThrow()
        ).count;
    return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
  }

  /** A window of `bucket` (the current one, or `back` windows before it): its start and the whole seconds until the current one ends (at least 1, for Retry-After). */
  private window(windowMs: number, back = 0): { start: string; retryAfterSeconds: number } {
    const now = this.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    return { start: new Date(start - back * windowMs).toISOString(), retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
  }

  /**
   * Counts one event of `bucket` (say, a declined payment) with no limit of its own, and
   * stamps the window with the time, so that a slow-down can run from the last one.
   * Answers the window's count.
   */
  async record(bucket: string, windowMs: number): Promise<number> {
    const at = this.now().toISOString();
    const { count } = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: this.window(windowMs).start, count: 1, updated_at: at })
      .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1`, updated_at: at }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return count;
  }

  /**
   * A window of `bucket` without counting (the current one, or `back` windows before it):
   * how many it holds, when it was last stamped (record), and the seconds until the current one ends.
   */
  async peek(bucket: string, windowMs: number, back = 0): Promise<{ count: number; lastAt: Date | null; retryAfterSeconds: number }> {
    const { start, retryAfterSeconds } = this.window(windowMs, back);
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'updated_at'])
      .where('bucket', '=', bucket)
      .where('window_start', '=', start)
      .executeTakeFirst();
    return { count: row?.count ?? 0, lastAt: row?.updated_at ? new Date(row.updated_at) : null, retryAfterSeconds };
  }
}

const COUNT_UPSERT =
  'insert into rate_limits (bucket, window_start, count) values ($1, $2, $3) on conflict (bucket, window_start) do update set count = rate_limits.count + excluded.count returning count';

/**
 * allowAmount on PostgreSQL, for the same reason as on SQLite below: the commit does not
 * wait for the log to reach the disk (synchronous_commit off for this transaction only), and
 * the upsert is a statement each connection prepares once. A crash can lose the last
 * increments, never an order: every other commit stays synchronous.
 */
async function countWithoutWaitingForDisk(pool: pg.Pool, bucket: string, windowStart: string, amount: number): Promise<number> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    await client.query('set local synchronous_commit = off');
    const { rows } = await client.query<{ count: number }>({ name: 'journey_count_rate_limit', text: COUNT_UPSERT, values: [bucket, windowStart, amount] });
    await client.query('commit');
    return rows[0]!.count;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

const upserts = new WeakMap<SQLite.Database, SQLite.Statement>();

/**
 * allowAmount on SQLite, for beacon traffic: a cached prepared upsert whose commit skips the
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
