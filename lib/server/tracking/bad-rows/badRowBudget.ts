import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';

const BUCKET_PREFIX = 'bad-rows:';

/**
 * The budget of bad rows kept per window: `perClient` per address and `overall` for all
 * together, counted in rate_limits (so every instance shares it, and the purge of rate-limit
 * windows covers it) by RateLimiter.allowAmount, whose commit skips the disk flush: a
 * refused request costs no fsync for it.
 */
export class BadRowBudget {
  private readonly counters: RateLimiter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: { perClient: number; overall: number; windowMs: number },
    now: () => Date,
  ) {
    this.counters = new RateLimiter(db, now);
  }

  /**
   * Takes one bad row of the budget for `client`, or answers false. An address over its own
   * budget never touches the overall one; a place an address took when the overall budget was
   * spent is lost, but then nothing more is kept in the window anyway.
   */
  async take(client: string): Promise<boolean> {
    const { perClient, overall, windowMs } = this.limits;
    const own = await this.counters.allowAmount(`${BUCKET_PREFIX}client:${client}`, 1, perClient, windowMs);
    if (!own.allowed) return false;
    return (await this.counters.allowAmount(`${BUCKET_PREFIX}overall`, 1, overall, windowMs)).allowed;
  }

  /** Forgets every window's budget (tests). */
  async forget(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('bucket', 'like', `${BUCKET_PREFIX}%`).execute();
  }
}
