import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestClientKey } from '../http/clientAddress';
import { anonymisedAddress, BadRowLimiter } from './badRowLimiter';
import type { NewBadRow } from './EventStore';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

function limiter(options: ConstructorParameters<typeof BadRowLimiter>[1] = {}) {
  let clock = T0 + 1000;
  const written: NewBadRow[] = [];
  const subject = new BadRowLimiter(
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

const admitted = (subject: BadRowLimiter, address: string, n: number, reason = '400 invalid_json: x', channel: 'funnel' | 'inspector' = 'funnel') =>
  Array.from({ length: n }, () => subject.admit(address, channel, reason)).filter(Boolean).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('BadRowLimiter', () => {
  it('keeps 30 bad rows per address per minute, counts the rest, and writes one summary when the window rolls over', () => {
    const { subject, written, advance } = limiter();
    expect(admitted(subject, '203.0.113.7', 45, '401 invalid_api_key: A valid api_key query parameter is required.')).toBe(30);
    // Another address has its own budget.
    expect(admitted(subject, '198.51.100.1', 2)).toBe(2);
    expect(written).toEqual([]);

    advance(MINUTE);
    // The next refused request (from anyone) rolls the window over: the summary comes first.
    expect(subject.admit('198.51.100.1', 'funnel', '400 invalid_json: x')).toBe(true);
    expect(written).toEqual([
      {
        channel: 'funnel',
        reason: '15 more refused requests from this address were not kept; last reason: 401 invalid_api_key: A valid api_key query parameter is required.',
        raw: expect.stringContaining('client: 203.0.113.0/24 (shortened)'),
      },
    ]);
    expect(written[0]!.raw).toContain('window: 2026-11-21T12:00:00.000Z – 2026-11-21T12:01:00.000Z');
    expect(written[0]!.raw).toContain('not kept: 15 (funnel 15)');
    // The full address is never written.
    expect(written[0]!.raw).not.toContain('203.0.113.7');
    // A new window, a new budget.
    expect(admitted(subject, '203.0.113.7', 31)).toBe(30);
    expect(subject.stats).toEqual({ kept: 63, suppressed: 16, summaries: 1 });
  });

  it('keeps at most 600 in all per minute, whatever the number of addresses', () => {
    const { subject, written, advance } = limiter();
    let kept = 0;
    for (let i = 0; i < 100; i += 1) kept += admitted(subject, `10.0.${i}.1`, 10);
    expect(kept).toBe(600);
    advance(MINUTE);
    subject.rollOver();
    // 40 addresses had requests not kept: one summary each (at most 50 have their own).
    expect(written).toHaveLength(40);
    expect(written.every((row) => /^10 more refused requests from this address were not kept; last reason: 400 invalid_json/.test(row.reason))).toBe(true);
  });

  it('sums the addresses beyond the summaries it writes alone, and those beyond the ones it follows, into one row', () => {
    const { subject, written, advance } = limiter({ perClient: 1, overall: 1000, maxSummaries: 2, maxClients: 5 });
    for (let i = 0; i < 5; i += 1) admitted(subject, `10.0.0.${i}`, 2 + i, '400 invalid_json: x', i % 2 ? 'inspector' : 'funnel');
    // Beyond the 5 addresses followed: never kept, summed.
    expect(admitted(subject, '10.9.9.9', 3, '405 method_not_allowed: PUT')).toBe(0);
    advance(MINUTE);
    subject.rollOver();
    expect(written.map((row) => row.reason)).toEqual([
      '5 more refused requests from this address were not kept; last reason: 400 invalid_json: x',
      '4 more refused requests from this address were not kept; last reason: 400 invalid_json: x',
      '9 more refused requests from other addresses were not kept; last reason: 405 method_not_allowed: PUT',
    ]);
    expect(written[2]!.raw).toContain('not kept: 9 (funnel 7, inspector 2)');
  });

  it('writes the summary on its own once the window is over, when no further request comes', async () => {
    vi.useFakeTimers({ now: T0 + 1000 });
    const written: NewBadRow[] = [];
    const subject = new BadRowLimiter(async (row) => void written.push(row), { perClient: 1 });
    admitted(subject, '192.0.2.1', 3);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(written.map((row) => row.reason)).toEqual(['2 more refused requests from this address were not kept; last reason: 400 invalid_json: x']);
    expect(written[0]!.raw).toContain('client: 192.0.2.0/24');
  });

  it('logs a summary it could not write, and goes on', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let clock = T0;
    const subject = new BadRowLimiter(() => Promise.reject(new Error('disk full')), { perClient: 0, now: () => clock });
    expect(subject.admit('192.0.2.1', 'funnel', 'r')).toBe(false);
    clock += MINUTE;
    expect(subject.admit('192.0.2.1', 'funnel', 'r')).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(error).toHaveBeenCalledWith('[events] could not keep a bad-row summary:', expect.any(Error));
    subject.reset();
  });

  it.each([
    ['::ffff:192.0.2.33', '192.0.2.33', '192.0.2.0/24'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd:12::/64', '2001:db8:abcd::/48'],
    ['2001:DB8::1', '2001:db8:0:0::/64', '2001:db8:0::/48'],
    ['::1', '0:0:0:0::/64', '0:0:0::/48'],
    [undefined, 'unknown', 'an unknown address'],
  ])('keys a socket address %s as %s (the limits\' client key), shown as %s', (address, key, shown) => {
    const client = requestClientKey({ headers: {}, socket: { remoteAddress: address } }, 0);
    expect(client).toBe(key);
    expect(anonymisedAddress(client)).toBe(shown);
  });

  it('counts requests over the accepted-events limit into the summary only, whatever budget is left', () => {
    const { subject, written, advance } = limiter();
    const reason = '429 too_many_events: This address has sent more than 3000 tracking events in 10 minutes';
    for (let i = 0; i < 500; i += 1) subject.count('2001:db8:abcd:12::/64', 'funnel', reason);
    // The budget of kept bad rows is untouched by them.
    expect(admitted(subject, '2001:db8:abcd:12::/64', 1)).toBe(1);
    expect(written).toEqual([]);
    advance(MINUTE);
    subject.rollOver();
    expect(written).toHaveLength(1);
    expect(written[0]!.reason).toBe(`500 more refused requests from this address were not kept; last reason: ${reason}`);
    expect(written[0]!.raw).toContain('client: 2001:db8:abcd::/48 (shortened)');
    expect(written[0]!.raw).toContain('not kept: 500 (funnel 500)');
    expect(written[0]!.raw).toContain('of which over the accepted-events limit (429): 500');
    expect(subject.stats).toEqual({ kept: 1, suppressed: 500, summaries: 1 });
  });
});
