import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { NO_PROXIES, requestClientKey } from '@/lib/server/http/clientAddress';
import { anonymisedAddress, BadRowLimiter } from './badRowLimiter';
import type { NewBadRow } from '@/lib/server/tracking/storage/EventStore';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
/** For the tests that refuse hundreds of requests: each costs a few round trips, which on PostgreSQL add up to seconds. */
const MANY_REQUESTS = { timeout: 30_000 };

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.destroy();
});

/** A limiter on the test's database, with a clock of its own (one per instance, as on separate servers). */
function limiter(options: ConstructorParameters<typeof BadRowLimiter>[2] = {}) {
  let clock = T0 + 1000;
  const written: NewBadRow[] = [];
  const subject = new BadRowLimiter(
    db,
    async (row) => {
      written.push(row);
    },
    { now: () => clock, ...options },
  );
  return {
    subject,
    written,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

async function admitted(
  subject: BadRowLimiter,
  address: string,
  n: number,
  reason = '400 invalid_json: x',
  channel: 'funnel' | 'inspector' = 'funnel',
) {
  let kept = 0;
  for (let i = 0; i < n; i += 1) if (await subject.admit(address, channel, reason)) kept += 1;
  return kept;
}

describe('BadRowLimiter', () => {
  it('keeps 30 bad rows per address per minute, counts the rest, and writes one summary when the window rolls over', async () => {
    const { subject, written, advance } = limiter();
    expect(await admitted(subject, '203.0.113.7', 45, '401 invalid_api_key: A valid api_key query parameter is required.')).toBe(30);
    // Another address has its own budget.
    expect(await admitted(subject, '198.51.100.1', 2)).toBe(2);
    expect(written).toEqual([]);

    advance(MINUTE);
    // The next refused request (from anyone) rolls the window over: the summary comes first.
    expect(await subject.admit('198.51.100.1', 'funnel', '400 invalid_json: x')).toBe(true);
    expect(written).toEqual([
      {
        channel: 'funnel',
        reason:
          '15 more refused requests from this address were not kept; last reason: 401 invalid_api_key: A valid api_key query parameter is required.',
        raw: expect.stringContaining('client: 203.0.113.0/24 (shortened)'),
      },
    ]);
    expect(written[0]!.raw).toContain('window: 2026-11-21T12:00:00.000Z – 2026-11-21T12:01:00.000Z');
    expect(written[0]!.raw).toContain('kept as bad rows in the window: 30');
    expect(written[0]!.raw).toContain('not kept: 15 (funnel 15)');
    // The full address is never written, in the summary or in the database's tallies.
    expect(written[0]!.raw).not.toContain('203.0.113.7');
    // A new window, a new budget.
    expect(await admitted(subject, '203.0.113.7', 31)).toBe(30);
    expect(subject.stats).toEqual({ kept: 63, suppressed: 16, summaries: 1 });
  });

  it('keeps at most 600 in all per minute, whatever the number of addresses', MANY_REQUESTS, async () => {
    const { subject, written, advance } = limiter();
    let kept = 0;
    for (let i = 0; i < 100; i += 1) kept += await admitted(subject, `10.0.${i}.1`, 10);
    expect(kept).toBe(600);
    advance(MINUTE);
    await subject.rollOver();
    // 40 addresses had requests not kept: one summary each (at most 50 have their own).
    expect(written).toHaveLength(40);
    expect(
      written.every((row) => /^10 more refused requests from this address were not kept; last reason: 400 invalid_json/.test(row.reason)),
    ).toBe(true);
  });

  it('sums the addresses beyond the summaries it writes alone, and those beyond the ones it follows, into one row', async () => {
    const { subject, written, advance } = limiter({ perClient: 1, overall: 1000, maxSummaries: 2, maxClients: 5 });
    for (let i = 0; i < 5; i += 1) await admitted(subject, `10.0.0.${i}`, 2 + i, '400 invalid_json: x', i % 2 ? 'inspector' : 'funnel');
    // Beyond the 5 addresses followed: never kept, summed.
    expect(await admitted(subject, '10.9.9.9', 3, '405 method_not_allowed: PUT')).toBe(0);
    // The database holds a tally for each address followed and one for all the others: bounded however many come.
    const tallied = await db.selectFrom('bad_row_tallies').select('client').orderBy('client').execute();
    expect(tallied.map((row) => row.client)).toEqual(['', '10.0.0.0', '10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']);
    advance(MINUTE);
    await subject.rollOver();
    expect(written.map((row) => row.reason)).toEqual([
      '5 more refused requests from this address were not kept; last reason: 400 invalid_json: x',
      '4 more refused requests from this address were not kept; last reason: 400 invalid_json: x',
      '9 more refused requests from other addresses were not kept; last reason: 405 method_not_allowed: PUT',
    ]);
    expect(written[2]!.raw).toContain('not kept: 9 (funnel 7, inspector 2)');
  });

  it('names how many addresses the summed row covers when all of them were followed, and its latest reason', async () => {
    const { subject, written, advance } = limiter({ perClient: 0, maxSummaries: 1 });
    await admitted(subject, '192.0.2.1', 3, '400 invalid_json: a');
    await admitted(subject, '192.0.2.2', 1, '400 invalid_json: b', 'inspector');
    advance(1);
    await admitted(subject, '192.0.2.3', 1, '400 invalid_json: c');
    advance(1);
    await admitted(subject, '192.0.2.2', 1, '400 invalid_json: d');
    advance(MINUTE);
    await subject.rollOver();
    expect(written.map((row) => [row.channel, row.reason])).toEqual([
      ['funnel', '3 more refused requests from this address were not kept; last reason: 400 invalid_json: a'],
      ['funnel', '3 more refused requests from 2 other addresses were not kept; last reason: 400 invalid_json: d'],
    ]);
    expect(written[1]!.raw).toContain('not kept: 3 (funnel 2, inspector 1)');
  });

  it('writes the summary on its own once the window is over, when no further request comes', async () => {
    // Real time, short windows: the timer is the only thing that can write it. Start just after a window begins.
    const windowMs = 1000;
    await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 20));
    const written: NewBadRow[] = [];
    const subject = new BadRowLimiter(db, async (row) => void written.push(row), { perClient: 1, windowMs, summaryDelayMs: 50 });
    await admitted(subject, '192.0.2.1', 3);
    expect(written).toEqual([]);
    await vi.waitFor(
      () =>
        expect(written.map((row) => row.reason)).toEqual([
          '2 more refused requests from this address were not kept; last reason: 400 invalid_json: x',
        ]),
      { timeout: 3000, interval: 50 },
    );
    expect(written[0]!.raw).toContain('client: 192.0.2.0/24');
  });

  it('leaves a window alone for a moment after its end, for the tallies other instances are still committing', async () => {
    const { subject, written, advance } = limiter({ perClient: 0, summaryDelayMs: 500 });
    await admitted(subject, '192.0.2.1', 2);
    advance(MINUTE - 1000 + 100);
    await admitted(subject, '192.0.2.9', 1);
    expect(written).toEqual([]);
    advance(400);
    await subject.rollOver();
    expect(written.map((row) => row.reason)).toEqual([
      '2 more refused requests from this address were not kept; last reason: 400 invalid_json: x',
    ]);
    // The request of the next window is in the next window's summary, not in this one.
    advance(MINUTE);
    await subject.rollOver();
    expect(written.map((row) => row.reason)).toHaveLength(2);
    expect(written[1]!.raw).toContain('window: 2026-11-21T12:01:00.000Z – 2026-11-21T12:02:00.000Z');
  });

  it('logs a summary it could not write, and goes on', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let clock = T0 + 1000;
    const subject = new BadRowLimiter(db, () => Promise.reject(new Error('disk full')), { perClient: 0, now: () => clock });
    expect(await subject.admit('192.0.2.1', 'funnel', 'r')).toBe(false);
    clock += MINUTE;
    expect(await subject.admit('192.0.2.1', 'funnel', 'r')).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(error).toHaveBeenCalledWith('[events] could not keep a bad-row summary:', expect.any(Error));
    await subject.reset();
  });

  it('answers "not kept" when the database fails, logs it, and never throws at the request', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { subject, written, advance } = limiter({ perClient: 0 });
    await admitted(subject, '192.0.2.1', 2);
    await db.schema.alterTable('bad_row_tallies').renameTo('bad_row_tallies_away').execute();
    try {
      await expect(subject.admit('192.0.2.1', 'funnel', 'r')).resolves.toBe(false);
      await expect(subject.count('192.0.2.1', 'funnel', 'r')).resolves.toBeUndefined();
      advance(MINUTE);
      await expect(subject.rollOver()).resolves.toBeUndefined();
      expect(error).toHaveBeenCalledWith(
        '[events] the bad-row limiter could not count a refused request (its bad row is not kept):',
        expect.any(Error),
      );
      expect(error).toHaveBeenCalledWith('[events] could not write the bad-row summaries of an ended window:', expect.any(Error));
    } finally {
      await db.schema.alterTable('bad_row_tallies_away').renameTo('bad_row_tallies').execute();
    }
    // The window was not claimed by the failed attempt: the next window's look writes its summary.
    advance(MINUTE);
    await subject.admit('192.0.2.1', 'funnel', 'r');
    expect(written.map((row) => row.reason)).toEqual([
      '2 more refused requests from this address were not kept; last reason: 400 invalid_json: x',
    ]);
  });

  it("shares one budget between instances on one database, and writes a window's summaries once", MANY_REQUESTS, async () => {
    const a = limiter();
    const b = limiter();
    // One address, its refusals spread over two servers: still 30 kept in all.
    const kept = await Promise.all([admitted(a.subject, '203.0.113.7', 25), admitted(b.subject, '203.0.113.7', 25)]);
    expect(kept[0] + kept[1]).toBe(30);
    // 600 in all, whichever server the addresses reach.
    const spread = await Promise.all(Array.from({ length: 60 }, (_, i) => admitted(i % 2 ? a.subject : b.subject, `10.1.${i}.1`, 10)));
    expect(spread.reduce((sum, n) => sum + n, 0)).toBe(570);

    a.advance(MINUTE);
    b.advance(MINUTE);
    // Both look at the ended window at once (timers or requests): one claims it.
    await Promise.all([a.subject.rollOver(), b.subject.rollOver()]);
    const written = [...a.written, ...b.written];
    expect(a.written.length === 0 || b.written.length === 0).toBe(true);
    expect(written[0]!.reason).toBe('20 more refused requests from this address were not kept; last reason: 400 invalid_json: x');
    expect(written[0]!.raw).toContain('kept as bad rows in the window: 30');
    // Every request not kept, on either server, is in the one set of summaries: 20 + (600 - 570).
    const notKept = written.map((row) => Number(/^(\d+) more refused/.exec(row.reason)![1]));
    expect(notKept.reduce((sum, n) => sum + n, 0)).toBe(50);
    expect(a.subject.stats.suppressed + b.subject.stats.suppressed).toBe(50);
    // Later looks, from either, find it claimed.
    await a.subject.admit('198.51.100.1', 'funnel', 'r');
    await b.subject.admit('198.51.100.1', 'funnel', 'r');
    expect([...a.written, ...b.written]).toHaveLength(written.length);
    expect(a.subject.stats.summaries + b.subject.stats.summaries).toBe(written.length);
  });

  it("summarises a window whose instance went away, on another instance's next look", async () => {
    const gone = limiter({ perClient: 1 });
    await admitted(gone.subject, '192.0.2.1', 4);
    // A server started later, after the window: it finds the window unclaimed and writes it.
    const later = limiter({ perClient: 1 });
    later.advance(MINUTE);
    await later.subject.count('198.51.100.2', 'funnel', '429 too_many_events: x');
    expect(gone.written).toEqual([]);
    expect(later.written.map((row) => row.reason)).toEqual([
      '3 more refused requests from this address were not kept; last reason: 400 invalid_json: x',
    ]);
  });

  it.each([
    ['::ffff:192.0.2.33', '192.0.2.33', '192.0.2.0/24'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd:12::/64', '2001:db8:abcd::/48'],
    ['2001:DB8::1', '2001:db8:0:0::/64', '2001:db8:0::/48'],
    ['::1', '0:0:0:0::/64', '0:0:0::/48'],
    [undefined, 'unknown', 'an unknown address'],
  ])("keys a socket address %s as %s (the limits' client key), shown as %s", (address, key, shown) => {
    const client = requestClientKey({ headers: {}, socket: { remoteAddress: address } }, NO_PROXIES);
    expect(client).toBe(key);
    expect(anonymisedAddress(client)).toBe(shown);
  });

  it('counts requests over the accepted-events limit into the summary only, whatever budget is left', MANY_REQUESTS, async () => {
    const { subject, written, advance } = limiter();
    const reason = '429 too_many_events: This address has sent more than 3000 tracking events in 10 minutes';
    for (let i = 0; i < 500; i += 1) await subject.count('2001:db8:abcd:12::/64', 'funnel', reason);
    // The budget of kept bad rows is untouched by them.
    expect(await admitted(subject, '2001:db8:abcd:12::/64', 1)).toBe(1);
    expect(written).toEqual([]);
    advance(MINUTE);
    await subject.rollOver();
    expect(written).toHaveLength(1);
    expect(written[0]!.reason).toBe(`500 more refused requests from this address were not kept; last reason: ${reason}`);
    expect(written[0]!.raw).toContain('client: 2001:db8:abcd::/48 (shortened)');
    expect(written[0]!.raw).toContain('not kept: 500 (funnel 500)');
    expect(written[0]!.raw).toContain('of which over the limits of accepted events or bytes: 500');
    expect(subject.stats).toEqual({ kept: 1, suppressed: 500, summaries: 1 });
  });
});
