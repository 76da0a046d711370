import { isIPv4, isIPv6 } from 'node:net';
import type { BadRowChannel, NewBadRow } from '@/lib/server/tracking/storage/EventStore';

/**
 * The summary bad rows of one ended window of the bad-row limiter: one per address with
 * the most refused requests not kept, and one for all the others. Pure: the tallies come
 * from the database (badRowTallies), the rows go to the event store.
 */

/** What became of the refused requests of one address (or of several, summed) in a window. */
export interface Tally {
  kept: number;
  suppressed: number;
  /** Of the suppressed, those over the accepted-events limit or a byte budget (never kept, whatever the bad-row budget). */
  limited: number;
  /** Suppressed per channel, in the order the summary lists them. */
  byChannel: readonly (readonly [BadRowChannel, number])[];
  lastReason: string;
  lastChannel: BadRowChannel;
}

export interface WindowTallies {
  /** The addresses (requestClientKeys) summarised on their own: those with the most suppressed, most first. */
  own: readonly (Tally & { client: string })[];
  /**
   * Every other address with suppressed requests, summed (null when there is none): `addresses`
   * of them were followed but not among `own`; `unfollowed` says whether addresses beyond
   * those followed in the window are in the sum as well (they are not counted one by one).
   */
  rest: (Tally & { addresses: number; unfollowed: boolean }) | null;
}

/** The limits a summary states. */
export interface SummaryLimits {
  perClient: number;
  overall: number;
}

const REASON_MAX = 2000;

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
const notKept = (n: number) => `${plural(n, 'more refused request', 'more refused requests')}`;
const were = (n: number) => (n === 1 ? 'was' : 'were');

export function summaryRows(bounds: { startMs: number; endMs: number }, tallies: WindowTallies, limits: SummaryLimits): NewBadRow[] {
  const span = `window: ${new Date(bounds.startMs).toISOString()} – ${new Date(bounds.endMs).toISOString()}`;
  const rows = tallies.own.map((tally) =>
    summaryRow(
      tally,
      `${notKept(tally.suppressed)} from this address ${were(tally.suppressed)} not kept`,
      [span, `client: ${anonymisedAddress(tally.client)} (shortened)`, `kept as bad rows in the window: ${tally.kept}`],
      limits,
    ),
  );
  const { rest } = tallies;
  if (rest && rest.suppressed > 0) {
    const addresses = rest.unfollowed ? 'from other addresses' : `from ${plural(rest.addresses, 'other address', 'other addresses')}`;
    rows.push(
      summaryRow(
        rest,
        `${notKept(rest.suppressed)} ${addresses} ${were(rest.suppressed)} not kept`,
        [
          span,
          'client: several addresses, each with fewer refused requests than the addresses summarised on their own (or beyond those followed)',
        ],
        limits,
      ),
    );
  }
  return rows;
}

function summaryRow(tally: Tally, headline: string, lines: string[], limits: SummaryLimits): NewBadRow {
  const channels = tally.byChannel.map(([channel, count]) => `${channel} ${count}`).join(', ');
  return {
    channel: tally.lastChannel,
    reason: `${headline}; last reason: ${tally.lastReason}`.slice(0, REASON_MAX),
    raw: [
      `summary of refused requests whose bad rows were not kept (more than ${limits.perClient} per address or ${limits.overall} in all per window, or over the limits of accepted events or bytes)`,
      ...lines,
      `not kept: ${tally.suppressed} (${channels})`,
      ...(tally.limited > 0 ? [`of which over the limits of accepted events or bytes: ${tally.limited}`] : []),
    ].join('\n'),
  };
}
