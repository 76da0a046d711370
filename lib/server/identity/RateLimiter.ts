import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { RateLimitRepository } from './RateLimitRepository';

/** Fixed-window counters in the database (RateLimitRepository), so that every app server counts alike. */
export class RateLimiter {
  private readonly counters: RateLimitRepository;

  constructor(
    db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.counters = new RateLimitRepository(db);
  }

  /** Counts one use of `bucket`; false once more than `limit` fall in the current window. */
  async allow(bucket: string, limit: number, windowMs: number): Promise<boolean> {
    return (await this.counters.add(bucket, this.window(windowMs).start, 1)) <= limit;
  }

  /** Counts one use of `bucket` and answers the current window's count, whatever the limit. */
  async count(bucket: string, windowMs: number): Promise<number> {
    return this.counters.add(bucket, this.window(windowMs).start, 1);
  }

  /**
   * Counts `amount` uses of `bucket` in one upsert (a request carrying many tracking events
   * costs one write, not one per event), without waiting for the disk: whether the window's
   * total is still within `limit`, and the whole seconds until the window ends (for Retry-After).
   */
  async allowAmount(
    bucket: string,
    amount: number,
    limit: number,
    windowMs: number,
  ): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
    const { start, retryAfterSeconds } = this.window(windowMs);
    const count = await this.counters.addWithoutWaitingForDisk(bucket, start, amount);
    return { allowed: count <= limit, count, retryAfterSeconds };
  }

  /** A window of `bucket` (the current one, or `back` windows before it): its start and the whole seconds until the current one ends (at least 1, for Retry-After). */
  private window(windowMs: number, back = 0): { start: string; retryAfterSeconds: number } {
    const now = this.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    return {
      start: new Date(start - back * windowMs).toISOString(),
      retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
    };
  }

  /**
   * Counts one event of `bucket` (say, a declined payment) with no limit of its own, and
   * stamps the window with the time, so that a slow-down can run from the last one.
   * Answers the window's count.
   */
  async record(bucket: string, windowMs: number): Promise<number> {
    return this.counters.stamp(bucket, this.window(windowMs).start, this.now());
  }

  /**
   * A window of `bucket` without counting (the current one, or `back` windows before it):
   * how many it holds, when it was last stamped (record), and the seconds until the current one ends.
   */
  async peek(bucket: string, windowMs: number, back = 0): Promise<{ count: number; lastAt: Date | null; retryAfterSeconds: number }> {
    const { start, retryAfterSeconds } = this.window(windowMs, back);
    const { count, updatedAt } = await this.counters.read(bucket, start);
    return { count, lastAt: updatedAt, retryAfterSeconds };
  }
}
