import { isIPv4, isIPv6 } from 'node:net';
import type { BadRowChannel, NewBadRow } from './EventStore';

/**
 * Bounds the bad rows refused requests leave, so that nobody can fill the disk (or push the
 * store into backpressure, which would answer 503 to real events) by sending junk. In each
 * fixed window (a minute) an address keeps at most `perClient` bad rows and all addresses
 * together at most `overall`. Beyond that a request still gets its 4xx, but its bad row is
 * not written: it is counted, and the window's suppressed requests become one summary bad
 * row per address ("N more refused requests from this address were not kept; last
 * reason: …") once the window is over: on the next refused request after it, or by a timer
 * when none comes. Summaries are bounded too (`maxSummaries` addresses, the rest summed in
 * one row), as is the memory (`maxClients` addresses followed per window). Requests refused
 * for being over the accepted-events limit (429) never leave a row of their own: they are
 * only counted into the summary (`count`), so that a flood cannot fill the disk this way either.
 *
 * In memory and per process: a few instances behind a load balancer each keep their own
 * budget, which still bounds the total. The client is its limit key (requestClientKey: the
 * address through TRUSTED_PROXY_HOPS proxies, an IPv6 address by its /64).
 */

export interface BadRowLimits {
  /** Bad rows kept per address per window. */
  perClient: number;
  /** Bad rows kept per window, all addresses together. */
  overall: number;
  windowMs: number;
  /** Addresses followed per window; refused requests from further addresses are not kept, and summed in one summary. */
  maxClients: number;
  /** Addresses with their own summary per window; the others are summed in one. */
  maxSummaries: number;
}

export const DEFAULT_BAD_ROW_LIMITS: BadRowLimits = { perClient: 30, overall: 600, windowMs: 60_000, maxClients: 10_000, maxSummaries: 50 };

const REASON_MAX = 2000;

interface Tally {
  kept: number;
  suppressed: number;
  /** Of the suppressed, those over the accepted-events limit (never kept, whatever the budget). */
  limited: number;
  byChannel: Map<BadRowChannel, number>;
  lastReason: string;
  lastChannel: BadRowChannel;
}

export interface BadRowLimiterStats {
  kept: number;
  suppressed: number;
  summaries: number;
}

const newTally = (channel: BadRowChannel): Tally => ({ kept: 0, suppressed: 0, limited: 0, byChannel: new Map(), lastReason: '', lastChannel: channel });

/**
 * The client (a requestClientKey: an IPv4 address, or an IPv6 /64 such as `2001:db8:1:2::/64`)
 * as a summary row shows it: its network (/24 for IPv4, /48 for IPv6), enough to recognise a
 * source of junk without keeping a visitor's address (analytics traffic is promised anonymisation).
 */
export function anonymisedAddress(key: string): string {
  const client = key.replace(/\/64$/, '');
  if (isIPv4(client)) return `${client.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(client)) {
    const [head = '', tail] = client.split('::');
    const groups = head ? head.split(':') : [];
    if (groups.length < 3) {
      const tailGroups = tail ? tail.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
      while (groups.length + tailGroups.length < 8) groups.push('0');
      groups.push(...tailGroups);
    }
    return `${groups
      .slice(0, 3)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':')}::/48`;
  }
  return 'an unknown address';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export class BadRowLimiter {
  private readonly limits: BadRowLimits;
  private readonly now: () => number;
  private windowIndex: number | null = null;
  private keptInWindow = 0;
  private clients = new Map<string, Tally>();
  /** Requests from addresses beyond maxClients. */
  private others: Tally | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  readonly stats: BadRowLimiterStats = { kept: 0, suppressed: 0, summaries: 0 };

  constructor(
    /** Writes a summary row; a failure is logged, never thrown at a request. */
    private readonly write: (row: NewBadRow) => Promise<unknown>,
    options: Partial<BadRowLimits> & { now?: () => number } = {},
  ) {
    const { now, ...limits } = options;
    this.limits = { ...DEFAULT_BAD_ROW_LIMITS, ...limits };
    this.now = now ?? Date.now;
  }

  /**
   * Whether the bad row of this refused request (from `client`, its requestClientKey) is to
   * be written. Summaries of a window that is over are written first, so they come before this row.
   */
  admit(client: string, channel: BadRowChannel, reason: string): boolean {
    this.rollOver();
    const tally = this.followed(client, channel);
    if (tally && tally.kept < this.limits.perClient && this.keptInWindow < this.limits.overall) {
      tally.kept += 1;
      this.keptInWindow += 1;
      this.stats.kept += 1;
      return true;
    }
    this.suppress(tally ?? (this.others ??= newTally(channel)), channel, reason);
    return false;
  }

  /**
   * Counts a refused request that never leaves a row of its own (over the accepted-events
   * limit): only its window's summary shows it, however much budget is left.
   */
  count(client: string, channel: BadRowChannel, reason: string): void {
    this.rollOver();
    const tally = this.followed(client, channel);
    const counted = tally ?? (this.others ??= newTally(channel));
    counted.limited += 1;
    this.suppress(counted, channel, reason);
  }

  /** The client's tally in this window, new if there is room to follow one more address. */
  private followed(client: string, channel: BadRowChannel): Tally | undefined {
    let tally = this.clients.get(client);
    if (!tally && this.clients.size < this.limits.maxClients) this.clients.set(client, (tally = newTally(channel)));
    return tally;
  }

  private suppress(counted: Tally, channel: BadRowChannel, reason: string): void {
    counted.suppressed += 1;
    counted.byChannel.set(channel, (counted.byChannel.get(channel) ?? 0) + 1);
    counted.lastReason = reason;
    counted.lastChannel = channel;
    this.stats.suppressed += 1;
    this.scheduleRollOver();
  }

  /** Writes the summaries of the window if it is over (the timer calls it; so may a shutdown or a test). */
  rollOver(): void {
    const index = Math.floor(this.now() / this.limits.windowMs);
    if (this.windowIndex === index) return;
    const ended = this.windowIndex;
    const summaries = ended === null ? [] : this.summaries(ended);
    this.windowIndex = index;
    this.keptInWindow = 0;
    this.clients = new Map();
    this.others = null;
    for (const row of summaries) {
      this.stats.summaries += 1;
      this.write(row).catch((error: unknown) => console.error('[events] could not keep a bad-row summary:', error));
    }
  }

  /** Forgets every window and count (tests). */
  reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.windowIndex = null;
    this.keptInWindow = 0;
    this.clients = new Map();
    this.others = null;
  }

  private scheduleRollOver(): void {
    if (this.timer || this.windowIndex === null) return;
    const end = (this.windowIndex + 1) * this.limits.windowMs;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.rollOver();
      },
      Math.max(0, end - this.now()) + 10,
    );
    // A pending summary must not keep the process alive on shutdown.
    this.timer.unref?.();
  }

  private summaries(windowIndex: number): NewBadRow[] {
    const from = new Date(windowIndex * this.limits.windowMs).toISOString();
    const until = new Date((windowIndex + 1) * this.limits.windowMs).toISOString();
    const suppressed = [...this.clients].filter(([, tally]) => tally.suppressed > 0).sort(([, a], [, b]) => b.suppressed - a.suppressed);
    const own = suppressed.slice(0, this.limits.maxSummaries);
    const rest = suppressed.slice(this.limits.maxSummaries).map(([, tally]) => tally);
    if (this.others) rest.push(this.others);

    const rows = own.map(([client, tally]) =>
      this.summaryRow(tally, `${plural(tally.suppressed, 'more refused request', 'more refused requests')} from this address ${tally.suppressed === 1 ? 'was' : 'were'} not kept`, [
        `client: ${anonymisedAddress(client)} (shortened)`,
        `kept as bad rows in the window: ${tally.kept}`,
      ], from, until),
    );
    if (rest.length > 0) {
      const merged = newTally(rest[0]!.lastChannel);
      for (const tally of rest) {
        merged.suppressed += tally.suppressed;
        merged.limited += tally.limited;
        merged.kept += tally.kept;
        for (const [channel, count] of tally.byChannel) merged.byChannel.set(channel, (merged.byChannel.get(channel) ?? 0) + count);
        merged.lastReason = tally.lastReason;
        merged.lastChannel = tally.lastChannel;
      }
      const addresses = this.others ? 'from other addresses' : `from ${plural(rest.length, 'other address', 'other addresses')}`;
      rows.push(this.summaryRow(merged, `${plural(merged.suppressed, 'more refused request', 'more refused requests')} ${addresses} ${merged.suppressed === 1 ? 'was' : 'were'} not kept`, [
        'client: several addresses, each with fewer refused requests than the addresses summarised on their own (or beyond those followed)',
      ], from, until));
    }
    return rows;
  }

  private summaryRow(tally: Tally, headline: string, lines: string[], from: string, until: string): NewBadRow {
    const channels = [...tally.byChannel].map(([channel, count]) => `${channel} ${count}`).join(', ');
    return {
      channel: tally.lastChannel,
      reason: `${headline}; last reason: ${tally.lastReason}`.slice(0, REASON_MAX),
      raw: [
        `summary of refused requests whose bad rows were not kept (more than ${this.limits.perClient} per address or ${this.limits.overall} in all per window, or over the accepted-events limit)`,
        `window: ${from} – ${until}`,
        ...lines,
        `not kept: ${tally.suppressed} (${channels})`,
        ...(tally.limited > 0 ? [`of which over the accepted-events limit (429): ${tally.limited}`] : []),
      ].join('\n'),
    };
  }
}
