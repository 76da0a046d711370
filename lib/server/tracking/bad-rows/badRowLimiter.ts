import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { BadRowBudget } from './badRowBudget';
import { summaryRows } from './badRowSummaries';
import { BadRowTallies, UNFOLLOWED, type Outcome } from './badRowTallies';
import type { BadRowChannel, NewBadRow } from '@/lib/server/tracking/storage/EventStore';

export { anonymisedAddress } from './badRowSummaries';

/**
 * Bounds the bad rows refused requests leave, so that nobody can fill the disk (or push the
 * store into backpressure, which would answer 503 to real events) by sending junk. In each
 * fixed window (a minute) an address keeps at most `perClient` bad rows and all addresses
 * together at most `overall`. Beyond that a request still gets its 4xx, but its bad row is
 * not written: it is counted, and the window's suppressed requests become one summary bad
 * row per address ("N more refused requests from this address were not kept; last
 * reason: …") once the window is over: on the next refused request after it, or by a timer
 * when none comes. Summaries are bounded too (`maxSummaries` addresses, the rest summed in
 * one row), as are the addresses followed one by one (`maxClients` per window). Requests
 * refused for being over the accepted-events limit (429) never leave a row of their own:
 * they are only counted into the summary (`count`), so that a flood cannot fill the disk
 * this way either.
 *
 * Shared by every instance through the tracking database: the budget in rate_limits
 * (BadRowBudget), the tallies and windows in bad_row_tallies and bad_row_windows
 * (BadRowTallies). Whichever instance claims an ended window first writes its summaries;
 * the others find it claimed. The process holds nothing per address: only its timer and
 * which windows it has already looked at. The client is its limit key (requestClientKey:
 * the address through TRUSTED_PROXY_HOPS proxies, an IPv6 address by its /64).
 *
 * The limiter never throws at a request: when the database fails, the failure is logged,
 * the bad row is not kept (nothing could bound it), and the request gets its 4xx all the same.
 */

export interface BadRowLimits {
  /** Bad rows kept per address per window. */
  perClient: number;
  /** Bad rows kept per window, all addresses together. */
  overall: number;
  windowMs: number;
  /**
   * Addresses with tallies of their own per window (rows of bad_row_tallies); refused requests
   * from further addresses are not kept, and are summed in one summary. Once in memory, now
   * in the database: it bounds the rows a window can leave there.
   */
  maxClients: number;
  /** Addresses with their own summary per window; the others are summed in one. Also bounds what is read to write them. */
  maxSummaries: number;
  /** How long after a window's end its summaries wait, for tallies other instances are still committing. */
  summaryDelayMs: number;
}

export const DEFAULT_BAD_ROW_LIMITS: BadRowLimits = {
  perClient: 30,
  overall: 600,
  windowMs: 60_000,
  maxClients: 10_000,
  maxSummaries: 50,
  summaryDelayMs: 500,
};

/** What this instance did (for logs and tests; every instance counts its own). */
export interface BadRowLimiterStats {
  kept: number;
  suppressed: number;
  summaries: number;
}

/** Windows claimed per query while catching up (after downtime, a backlog is worked through in pages). */
const CLAIM_PAGE = 20;

export class BadRowLimiter {
  private readonly limits: BadRowLimits;
  private readonly now: () => number;
  private readonly budget: BadRowBudget;
  private readonly tallies: BadRowTallies;
  /** Windows before this index have been looked at by this instance (their summaries claimed, by it or another). */
  private lookedBefore: number | null = null;
  private looking: Promise<void> | null = null;
  /** The latest window this instance suppressed a request in: its timer is for that window's end. */
  private pendingWindow: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  readonly stats: BadRowLimiterStats = { kept: 0, suppressed: 0, summaries: 0 };

  constructor(
    db: Kysely<Database>,
    /** Writes a summary row; a failure is logged, never thrown at a request. */
    private readonly write: (row: NewBadRow) => Promise<unknown>,
    options: Partial<BadRowLimits> & { now?: () => number } = {},
  ) {
    const { now, ...limits } = options;
    this.limits = { ...DEFAULT_BAD_ROW_LIMITS, ...limits };
    this.now = now ?? Date.now;
    this.budget = new BadRowBudget(db, this.limits, () => new Date(this.now()));
    this.tallies = new BadRowTallies(db);
  }

  /**
   * Whether the bad row of this refused request (from `client`, its requestClientKey) is to
   * be written. Summaries of a window that is over are written first, so they come before this row.
   */
  async admit(client: string, channel: BadRowChannel, reason: string): Promise<boolean> {
    await this.rollOver();
    // The time after the roll-over, which may have waited: a window it may have summarised must not get this tally.
    const at = this.now();
    try {
      const windowStart = this.windowStart(at);
      const followed = await this.tallies.follow(windowStart, client, this.limits.maxClients);
      if (followed && (await this.budget.take(client))) {
        await this.tallies.add(windowStart, client, channel, 'kept', reason, new Date(at).toISOString());
        this.stats.kept += 1;
        return true;
      }
      await this.suppress(at, followed ? client : UNFOLLOWED, channel, 'suppressed', reason);
    } catch (error) {
      console.error('[events] the bad-row limiter could not count a refused request (its bad row is not kept):', error);
    }
    return false;
  }

  /**
   * Counts a refused request that never leaves a row of its own (over the accepted-events
   * limit): only its window's summary shows it, however much budget is left.
   */
  async count(client: string, channel: BadRowChannel, reason: string): Promise<void> {
    await this.rollOver();
    const at = this.now();
    try {
      const followed = await this.tallies.follow(this.windowStart(at), client, this.limits.maxClients);
      await this.suppress(at, followed ? client : UNFOLLOWED, channel, 'limited', reason);
    } catch (error) {
      console.error('[events] the bad-row limiter could not count a refused request:', error);
    }
  }

  private async suppress(at: number, client: string, channel: BadRowChannel, outcome: Outcome, reason: string): Promise<void> {
    await this.tallies.add(this.windowStart(at), client, channel, outcome, reason, new Date(at).toISOString());
    this.stats.suppressed += 1;
    this.scheduleRollOver(this.windowIndex(at));
  }

  /**
   * Writes the summaries of every ended window nobody has claimed yet (the timer calls it; so
   * may a shutdown or a test). Looks once per window per instance; never rejects.
   */
  async rollOver(): Promise<void> {
    // Windows before `ready` ended at least summaryDelayMs ago.
    const ready = this.windowIndex(this.now() - this.limits.summaryDelayMs);
    while (this.lookedBefore === null || this.lookedBefore < ready) {
      this.looking ??= this.summariseBefore(ready).finally(() => {
        this.looking = null;
      });
      await this.looking;
    }
  }

  private async summariseBefore(ready: number): Promise<void> {
    try {
      const before = this.windowStart(ready * this.limits.windowMs);
      for (;;) {
        const windows = await this.tallies.unclaimed(before, CLAIM_PAGE);
        for (const windowStart of windows) {
          // Read before claiming: a read that fails leaves the window to the next look, not claimed and lost.
          const startMs = Date.parse(windowStart);
          const rows = summaryRows(
            { startMs, endMs: startMs + this.limits.windowMs },
            await this.tallies.read(windowStart, this.limits.maxSummaries),
            this.limits,
          );
          // Claimed: this instance alone writes them. Should it die before they are queued, they are lost, never doubled.
          if (!(await this.tallies.claim(windowStart, new Date(this.now()).toISOString()))) continue;
          for (const row of rows) {
            this.stats.summaries += 1;
            this.write(row).catch((error: unknown) => console.error('[events] could not keep a bad-row summary:', error));
          }
        }
        if (windows.length < CLAIM_PAGE) break;
      }
    } catch (error) {
      // The windows stay unclaimed: the next window's look (here or on another instance) takes them.
      console.error('[events] could not write the bad-row summaries of an ended window:', error);
    } finally {
      this.lookedBefore = Math.max(this.lookedBefore ?? ready, ready);
    }
  }

  /** Forgets every window and count, in the database too (tests). */
  async reset(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pendingWindow = null;
    await this.looking;
    this.lookedBefore = null;
    await this.tallies.forget();
    await this.budget.forget();
  }

  private scheduleRollOver(windowIndex: number): void {
    this.pendingWindow = Math.max(this.pendingWindow ?? windowIndex, windowIndex);
    if (this.timer) return;
    const due = (this.pendingWindow + 1) * this.limits.windowMs + this.limits.summaryDelayMs;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.rollOver().then(() => {
          // Suppressed in a later window meanwhile (or the clock is behind): its end needs a timer of its own.
          if (this.pendingWindow !== null && this.pendingWindow >= (this.lookedBefore ?? 0)) this.scheduleRollOver(this.pendingWindow);
          else this.pendingWindow = null;
        });
      },
      Math.max(0, due - this.now()),
    );
    // A pending summary must not keep the process alive on shutdown.
    this.timer.unref?.();
  }

  private windowIndex(ms: number): number {
    return Math.floor(ms / this.limits.windowMs);
  }

  private windowStart(ms: number): string {
    return new Date(this.windowIndex(ms) * this.limits.windowMs).toISOString();
  }
}
