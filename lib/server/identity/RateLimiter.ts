import { sql, type Kysely } from 'kysely';
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
}
