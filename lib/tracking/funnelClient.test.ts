// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FunnelItem } from './events';
import {
  chooseFunnelRoute,
  createFunnelClient,
  FUNNEL_GET_PAYLOAD_LIMIT,
  FUNNEL_MAX_ITEMS,
  funnelBody,
  funnelRequestUrl,
} from './funnelClient';
import { createMemoryTransport } from './transports/memoryTransport';

const item = (action: string, payload: Record<string, unknown> = {}): FunnelItem => ({ action, payload });

function setup(options: { beacon?: boolean; win?: Window | null; livemode?: boolean } = {}) {
  const transports = {
    beacon: createMemoryTransport({ kind: 'beacon', accepting: options.beacon ?? true }),
    pixel: createMemoryTransport({ kind: 'pixel' }),
    xhr: createMemoryTransport({ kind: 'xhr' }),
  };
  const client = createFunnelClient({
    url: '/martech/api/funnel',
    apiKey: 'pj key',
    livemode: options.livemode ?? true,
    transports,
    win: options.win === undefined ? null : options.win,
  });
  return { client, ...transports };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('chooseFunnelRoute', () => {
  it.each([
    ['the beacon took it', 10, true, 'beacon'],
    ['the beacon took a long payload', 50_000, true, 'beacon'],
    ['short payload, no beacon', 10, false, 'pixel'],
    ['one under the limit', FUNNEL_GET_PAYLOAD_LIMIT - 1, false, 'pixel'],
    ['exactly the limit', FUNNEL_GET_PAYLOAD_LIMIT, false, 'xhr'],
    ['long payload, no beacon', 5000, false, 'xhr'],
  ] as const)('%s → %s', (_, length, beaconAccepted, route) => {
    expect(chooseFunnelRoute(length, beaconAccepted)).toBe(route);
  });

  it('puts the GET limit at 1500 characters (SPEC §9)', () => {
    expect(FUNNEL_GET_PAYLOAD_LIMIT).toBe(1500);
  });
});

describe('funnelRequestUrl', () => {
  it.each([
    ['/martech/api/funnel', true, '/martech/api/funnel?api_key=pj%20key'],
    ['/martech/api/funnel', false, '/martech/api/funnel?api_key=pj%20key&livemode=false'],
    ['https://f.example.com/funnel?v=2', false, 'https://f.example.com/funnel?v=2&api_key=pj%20key&livemode=false'],
    ['/funnel?', true, '/funnel?api_key=pj%20key'],
  ])('%s (live %s) → %s', (url, livemode, expected) => {
    expect(funnelRequestUrl(url, 'pj key', livemode)).toBe(expected);
  });
});

describe('funnelBody', () => {
  it('is a JSON array of the items, leaving out (and logging) one that cannot be serialized', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const { body, count } = funnelBody([item('a', { n: 1 }), item('bad', cyclic), item('b')]);
    expect(count).toBe(2);
    expect(JSON.parse(body)).toEqual([item('a', { n: 1 }), item('b')]);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('createFunnelClient', () => {
  it('sends the items of one tick as one beacon request to url?api_key', async () => {
    const { client, beacon, pixel, xhr } = setup();
    client.send(item('a'));
    client.send([item('b'), item('c')]);
    expect(beacon.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(beacon.sent).toEqual([{ url: '/martech/api/funnel?api_key=pj%20key', body: JSON.stringify([item('a'), item('b'), item('c')]) }]);
    expect(pixel.sent).toHaveLength(0);
    expect(xhr.sent).toHaveLength(0);
  });

  it('splits a burst into requests of at most FUNNEL_MAX_ITEMS items, in order', async () => {
    const { client, beacon } = setup();
    client.send(Array.from({ length: FUNNEL_MAX_ITEMS * 2 + 5 }, (_, i) => item(`a${i}`)));
    await vi.advanceTimersByTimeAsync(0);
    const bodies = beacon.jsonBodies() as FunnelItem[][];
    expect(bodies.map((body) => body.length)).toEqual([FUNNEL_MAX_ITEMS, FUNNEL_MAX_ITEMS, 5]);
    expect(bodies.flat().map((sent) => sent.action)).toEqual(Array.from({ length: FUNNEL_MAX_ITEMS * 2 + 5 }, (_, i) => `a${i}`));
  });

  it('adds livemode=false in test mode', async () => {
    const { client, beacon } = setup({ livemode: false });
    client.send(item('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(beacon.sent[0]?.url).toBe('/martech/api/funnel?api_key=pj%20key&livemode=false');
  });

  it('items of a later tick go in a second request', async () => {
    const { client, beacon } = setup();
    client.send(item('a'));
    await vi.advanceTimersByTimeAsync(0);
    client.send(item('b'));
    await vi.advanceTimersByTimeAsync(0);
    expect(beacon.jsonBodies()).toEqual([[item('a')], [item('b')]]);
  });

  it('falls back to a pixel for a short payload when the beacon refuses', async () => {
    const { client, beacon, pixel, xhr } = setup({ beacon: false });
    client.send(item('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(beacon.sent).toHaveLength(1);
    expect(pixel.sent).toEqual([{ url: '/martech/api/funnel?api_key=pj%20key', body: JSON.stringify([item('a')]) }]);
    expect(xhr.sent).toHaveLength(0);
  });

  it('falls back to an XHR POST for a payload of 1500 characters or more when the beacon refuses', async () => {
    const { client, pixel, xhr } = setup({ beacon: false });
    client.send(item('long', { text: 'x'.repeat(FUNNEL_GET_PAYLOAD_LIMIT) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(pixel.sent).toHaveLength(0);
    expect(xhr.sent).toHaveLength(1);
    expect(xhr.sent[0]!.body.length).toBeGreaterThanOrEqual(FUNNEL_GET_PAYLOAD_LIMIT);
  });

  it('never throws into the caller: a failed fallback is logged with console.warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, pixel } = setup({ beacon: false });
    pixel.accepting = false;
    expect(() => client.send(item('a'))).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('failed'));
  });

  it('logs a transport that breaks its contract and throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createFunnelClient({
      url: '/f',
      apiKey: 'k',
      livemode: true,
      win: null,
      transports: {
        beacon: {
          kind: 'beacon',
          send: () => {
            throw new Error('boom');
          },
        },
      },
    });
    client.send(item('a'));
    await expect(client.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Funnel request failed:', expect.any(Error));
  });

  it('flush() sends at once and stops the pending timer from sending twice', async () => {
    const { client, beacon } = setup();
    client.send(item('a'));
    await client.flush();
    expect(beacon.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(beacon.sent).toHaveLength(1);
    await client.flush();
    expect(beacon.sent).toHaveLength(1);
  });

  it('sends what waits, synchronously by beacon, on pagehide', () => {
    const { client, beacon } = setup({ win: window });
    client.send(item('a'));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon.jsonBodies()).toEqual([[item('a')]]);
    void client.stop();
  });

  it('sends what waits when the page becomes hidden, not when it becomes visible', () => {
    const { client, beacon } = setup({ win: window });
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    client.send(item('a'));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon.sent).toHaveLength(0);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon.sent).toHaveLength(1);
    void client.stop();
  });

  it('stop() sends what waits and stops listening to the page', async () => {
    const { client, beacon } = setup({ win: window });
    client.send(item('a'));
    await client.stop();
    expect(beacon.sent).toHaveLength(1);
    client.send(item('b'));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon.sent).toHaveLength(1);
  });
});
