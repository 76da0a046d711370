import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMarketingPermissions } from './orderEvents';
import {
  createSchemaInspector,
  describeEventSchema,
  INSPECTOR_BATCH_SIZE,
  INSPECTOR_DEDUPE_MS,
  INSPECTOR_FLUSH_MS,
  INSPECTOR_MAX_STORED,
  INSPECTOR_SESSION_MS,
  type SchemaInspectionBatch,
  type SchemaInspectorOptions,
} from './schemaInspector';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(overrides: Partial<SchemaInspectorOptions> = {}) {
  const batches: SchemaInspectionBatch[] = [];
  const urls: string[] = [];
  let accepting = true;
  let ids = 0;
  const send = vi.fn((url: string, body: string) => {
    urls.push(url);
    if (accepting) batches.push(JSON.parse(body) as SchemaInspectionBatch);
    return Promise.resolve(accepting);
  });
  const inspector = createSchemaInspector({
    url: '/martech/api/schema-inspector',
    appEnv: 'production',
    send,
    now: () => Date.now(),
    newSessionId: () => `session-${++ids}`,
    ...overrides,
  });
  return { inspector, batches, send, urls, setAccepting: (value: boolean) => (accepting = value) };
}

/** Distinct names, so that the dedupe window does not apply. */
const observeMany = (inspector: { observe(name: string, payload: object): void }, count: number, from = 0) => {
  for (let i = from; i < from + count; i++) inspector.observe(`event-${i}`, { i });
};

describe('describeEventSchema', () => {
  it('gives property names and types, never values, with nested objects as dotted paths', () => {
    const event = buildMarketingPermissions({
      timestamp: 1,
      first_pp: true,
      third_pp: false,
      newsletter_perm: true,
      first_pp_other_brands: false,
      amg_uuid: null,
      email: 'reader@example.com',
      country: 'US',
      brand: 'vogue',
      campaignId: 'c-1',
    });
    const schema = describeEventSchema(event.payload);
    expect(schema).toEqual({
      action: 'string',
      amg_uuid: 'null',
      brand: 'string',
      country: 'string',
      email: 'string',
      first_pp: 'boolean',
      first_pp_other_brands: 'boolean',
      newsletter_perm: 'boolean',
      newsletter_perm_id: 'null',
      source: 'string',
      'source_metadata.campaign_id': 'string',
      third_pp: 'boolean',
      timestamp: 'number',
    });
    expect(JSON.stringify(schema)).not.toContain('reader@example.com');
    expect(Object.keys(schema)).toEqual([...Object.keys(schema)].sort());
  });

  it('describes arrays as array, empty objects as object, and leaves out what JSON drops', () => {
    expect(describeEventSchema({ items: [{ id: 'a' }], meta: {}, a: { b: { c: 1n } }, gone: undefined, fn: () => 1 })).toEqual({
      'a.b.c': 'number',
      items: 'array',
      meta: 'object',
    });
  });

  it('stops at a depth limit, so a cycle cannot hang it', () => {
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic.self = cyclic;
    const schema = describeEventSchema(cyclic);
    expect(schema.n).toBe('number');
    expect(Object.values(schema)).toContain('object');
  });
});

describe('createSchemaInspector', () => {
  it('sends a batch of 30 at once, as {sessionId, events: [{name, properties, seenAt}]}', async () => {
    const { inspector, batches, urls } = setup();
    observeMany(inspector, INSPECTOR_BATCH_SIZE - 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(0);
    observeMany(inspector, 1, INSPECTOR_BATCH_SIZE - 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    expect(urls).toEqual(['/martech/api/schema-inspector']);
    expect(batches[0]!.sessionId).toBe('session-1');
    expect(batches[0]!.events).toHaveLength(INSPECTOR_BATCH_SIZE);
    expect(batches[0]!.events[0]).toEqual({ name: 'event-0', properties: { i: 'number' }, seenAt: Date.parse('2025-01-01T00:00:00.000Z') });
  });

  it('sends every observation at once in development (batch size 1)', async () => {
    const { inspector, batches } = setup({ appEnv: 'development' });
    inspector.observe('waypoint', { depth: 100 });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([
      {
        sessionId: 'session-1',
        events: [{ name: 'waypoint', properties: { depth: 'number' }, seenAt: Date.parse('2025-01-01T00:00:00.000Z') }],
      },
    ]);
  });

  it('drops what waits when told to discard it: nothing of it is ever sent', async () => {
    const { inspector, batches } = setup();
    observeMany(inspector, 3);
    inspector.discard();
    await inspector.flush();
    await vi.advanceTimersByTimeAsync(INSPECTOR_FLUSH_MS * 2);
    expect(batches).toHaveLength(0);
    inspector.observe('waypoint', { depth: 100 });
    await inspector.flush();
    expect(batches.map((batch) => batch.events.map((e) => e.name))).toEqual([['waypoint']]);
  });

  it('flushes a partial batch 30 seconds after it started waiting', async () => {
    const { inspector, batches } = setup();
    observeMany(inspector, 3);
    await vi.advanceTimersByTimeAsync(INSPECTOR_FLUSH_MS - 1);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.events.map((e) => e.name)).toEqual(['event-0', 'event-1', 'event-2']);
    await vi.advanceTimersByTimeAsync(INSPECTOR_FLUSH_MS * 3);
    expect(batches).toHaveLength(1);
  });

  it('drops identical observations (name + schema) within 300 ms, but not different ones', async () => {
    const { inspector, batches } = setup();
    inspector.observe('funnel-ui', { el: 'subscribe' });
    inspector.observe('funnel-ui', { el: 'another value, same schema' });
    inspector.observe('funnel-ui', { el: 'x', extra: 1 });
    inspector.observe('waypoint', { el: 'subscribe' });
    vi.advanceTimersByTime(INSPECTOR_DEDUPE_MS - 1);
    inspector.observe('funnel-ui', { el: 'still within the window' });
    vi.advanceTimersByTime(1);
    inspector.observe('funnel-ui', { el: 'window over' });
    await inspector.flush();
    expect(batches[0]!.events.map((e) => `${e.name}:${Object.keys(e.properties).join('+')}`)).toEqual([
      'funnel-ui:el',
      'funnel-ui:el+extra',
      'waypoint:el',
      'funnel-ui:el',
    ]);
  });

  it('starts a new session after 5 minutes idle, and keeps each observation with its session', async () => {
    const { inspector, batches } = setup();
    inspector.observe('a', {});
    vi.advanceTimersByTime(INSPECTOR_SESSION_MS - 1);
    inspector.observe('b', {});
    vi.advanceTimersByTime(INSPECTOR_SESSION_MS);
    inspector.observe('c', {});
    await inspector.flush();
    expect(batches.flatMap((b) => b.events.map((e) => `${e.name}@${b.sessionId}`))).toEqual(['a@session-1', 'b@session-1', 'c@session-2']);
  });

  it('never mixes two sessions in one request', async () => {
    const { inspector, batches } = setup();
    inspector.observe('a', {});
    vi.setSystemTime(Date.now() + INSPECTOR_SESSION_MS);
    inspector.observe('b', {});
    await inspector.flush();
    expect(batches.map((b) => [b.sessionId, b.events.map((e) => e.name)])).toEqual([
      ['session-1', ['a']],
      ['session-2', ['b']],
    ]);
  });

  it('keeps at most 1000 observations while the service fails, dropping the oldest', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { inspector, batches, send, setAccepting } = setup();
    setAccepting(false);
    observeMany(inspector, INSPECTOR_BATCH_SIZE);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    // While failing, only the timer tries again: no request per observation.
    observeMany(inspector, INSPECTOR_MAX_STORED + 20, INSPECTOR_BATCH_SIZE);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    setAccepting(true);
    await vi.advanceTimersByTimeAsync(INSPECTOR_FLUSH_MS);
    const names = batches.flatMap((b) => b.events.map((e) => e.name));
    expect(names).toHaveLength(INSPECTOR_MAX_STORED);
    expect(names[0]).toBe(`event-${INSPECTOR_BATCH_SIZE + 20}`);
    expect(names.at(-1)).toBe(`event-${INSPECTOR_MAX_STORED + INSPECTOR_BATCH_SIZE + 19}`);
    expect(batches.every((b) => b.events.length <= INSPECTOR_BATCH_SIZE)).toBe(true);
  });

  it('never throws: a throwing send is logged and the observations kept', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const send = vi.fn<(url: string, body: string) => boolean>(() => {
      throw new Error('down');
    });
    const { inspector } = setup({ send, appEnv: 'development' });
    expect(() => inspector.observe('a', {})).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith('Schema inspection request failed:', expect.any(Error));
    send.mockReturnValue(true);
    await inspector.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(JSON.parse(send.mock.calls[1]![1]).events[0].name).toBe('a');
  });

  it('stop() sends what waits and ignores later observations', async () => {
    const { inspector, batches } = setup();
    inspector.observe('a', {});
    await inspector.stop();
    inspector.observe('b', {});
    await vi.advanceTimersByTimeAsync(INSPECTOR_FLUSH_MS * 2);
    expect(batches.flatMap((b) => b.events.map((e) => e.name))).toEqual(['a']);
  });

  it('uses the spec constants (SPEC §9)', () => {
    expect([INSPECTOR_BATCH_SIZE, INSPECTOR_FLUSH_MS, INSPECTOR_MAX_STORED, INSPECTOR_SESSION_MS, INSPECTOR_DEDUPE_MS]).toEqual([
      30, 30_000, 1000, 300_000, 300,
    ]);
  });
});
