import { arrivalIdFloor } from '@/lib/server/tracking/storage/arrivalIds';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetServerSidePropsContext } from 'next';
import { serverContext } from '@/lib/server/context/serverContext';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { getServerSideProps } from './funnelReportPage';
import { SECRET_FAILURES_MAX } from '@/lib/server/http/secretAttempts';

const PASSWORD = 'report-password-0123';
const ADMIN_TOKEN = 'operator-token-0123456789';
const env = vi.hoisted(() => ({ current: {} as Record<string, string | undefined> }));
vi.mock('@/lib/server/config/serverEnv', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/config/serverEnv')>();
  return { ...actual, serverEnv: () => actual.parseServerEnv(env.current) };
});

beforeEach(() => {
  env.current = { DATABASE_URL: 'file::memory:', ADMIN_TOKEN, REPORT_PASSWORD: PASSWORD };
});

const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  env.current = { DATABASE_URL: 'file::memory:', ADMIN_TOKEN, REPORT_PASSWORD: PASSWORD };
  const { db, trackingDb: tracking, catalogue } = await serverContext();
  await importCatalogueJson(db, readDemoCatalogue());
  catalogue.invalidate();
  const at = `${today}T09:00:00.000Z`;
  const row = (id: string, session: string, waypointId: string, livemode = 1) => ({
    // Ids sort by arrival time, as the store makes them.
    id: `${arrivalIdFloor('te', new Date(at))}_00000${id.slice(1)}_test`,
    received_at: at,
    channel: 'funnel',
    action: 'waypoint',
    topic: null,
    campaign_id: 'vogue-demo-single',
    session_id: session,
    source: 'newsletter',
    livemode,
    payload_json: JSON.stringify({
      waypointId,
      depth: 100,
      timestamp: Date.parse(at),
      currentPage: '/vogue/demo-single',
      campaignId: 'vogue-demo-single',
    }),
  });
  await tracking
    .insertInto('tracking_events')
    .values([row('e1', 's1', 'campaign'), row('e2', 's2', 'campaign'), row('e3', 's1', 'cart'), row('e4', 't1', 'campaign', 0)])
    .execute();
  await tracking
    .insertInto('schema_observations')
    .values({
      event_name: 'waypoint',
      schema_json: '{"campaignId":"string","currentPage":"string","depth":"string","timestamp":"number","waypointId":"string"}',
      first_seen: at,
      last_seen: at,
      count: 2,
    })
    .execute();
});

const basic = (password: string) => `Basic ${Buffer.from(`marketing:${password}`).toString('base64')}`;

async function load(
  query: Record<string, string | string[]> = {},
  options: { method?: string; authorization?: string | null; address?: string } = {},
) {
  const headers: Record<string, string> = {};
  const res = { statusCode: 200, setHeader: (name: string, value: string) => (headers[name] = value) };
  const authorization = options.authorization === undefined ? basic(PASSWORD) : options.authorization;
  const context = {
    query,
    resolvedUrl: '/admin/funnel',
    req: {
      method: options.method ?? 'GET',
      headers: authorization === null ? {} : { authorization },
      cookies: {},
      socket: { remoteAddress: options.address ?? '192.0.2.1' },
    },
    res,
  } as unknown as GetServerSidePropsContext;
  return { result: await getServerSideProps(context), status: res.statusCode, headers };
}

/** The report's props, or a failure saying what came instead. */
function reportOf(result: Awaited<ReturnType<typeof getServerSideProps>>) {
  if (!('props' in result) || result.props instanceof Promise || result.props.kind !== 'report')
    throw new Error(`expected the report, got ${JSON.stringify(result)}`);
  return result.props;
}

describe('funnel report page loader', () => {
  it('shows the last 30 days of live traffic by default, with campaign names and schema drift', async () => {
    const { result, status, headers } = await load();
    expect(status).toBe(200);
    expect(headers['Cache-Control']).toBe('private, no-store');
    expect(headers['X-Robots-Tag']).toBe('noindex, nofollow');
    const props = reportOf(result);
    const { filter, report, drift, campaignOptions } = props;
    expect(filter).toMatchObject({ to: today, campaignId: null, mode: 'live' });
    expect(
      report.campaigns.map((c) => [c.campaignId, c.total.steps.map((s) => s.visitors), c.total.steps[1]?.fromPrevious?.label]),
    ).toEqual([['vogue-demo-single', [2, 1, 0, 0], '50.0%']]);
    expect(campaignOptions).toContainEqual({ campaignId: 'vogue-demo-single', label: 'Vogue · /vogue/demo-single' });
    expect(drift).toContainEqual(
      expect.objectContaining({
        eventName: 'waypoint',
        kind: 'type-changed',
        property: 'depth',
        expectedType: 'number',
        observedType: 'string',
      }),
    );
    // The drift list is bounded, and says whether it was cut.
    expect(props.driftLimits).toMatchObject({ shapesCut: false, differencesFound: drift.length });
    // Props travel as JSON: nothing undefined, nothing that JSON would change.
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
  });

  it('reads the filter from the query', async () => {
    const { result } = await load({ mode: 'test', campaign: 'vogue-demo-single', from: today, to: today });
    expect(result).toMatchObject({
      props: { kind: 'report', filter: { mode: 'test', campaignId: 'vogue-demo-single', from: today, to: today } },
    });
    expect(reportOf(result).report.campaigns[0]?.splits.map((s) => s.livemode)).toEqual([false]);
  });

  it('answers a bad query with a 400 page that says what is wrong', async () => {
    const { result, status } = await load({ mode: 'everything' });
    expect(status).toBe(400);
    expect(result).toEqual({ props: { kind: 'refused', status: 400, message: 'The "mode" parameter must be "all", "live" or "test".' } });
  });

  it.each([
    ['no credentials', null],
    ['a wrong password', basic('not-the-password-at-all')],
    ['the password as a bearer token', `Bearer ${PASSWORD}`],
    ["the operators' ADMIN_TOKEN", basic(ADMIN_TOKEN)],
    ["the operators' ADMIN_TOKEN as bearer", `Bearer ${ADMIN_TOKEN}`],
  ])('asks for the password with 401 and a Basic challenge given %s', async (_name, authorization) => {
    const { result, status, headers } = await load({}, { authorization });
    expect(status).toBe(401);
    expect(headers['WWW-Authenticate']).toBe('Basic realm="Funnel report"');
    expect(result).toMatchObject({ props: { kind: 'refused', status: 401 } });
  });

  it('checks the password before the query, so that a stranger learns nothing', async () => {
    expect((await load({ mode: 'everything' }, { authorization: null })).status).toBe(401);
  });

  it("is off with 503 when REPORT_PASSWORD is not set, even to the operators' token", async () => {
    // The server's configuration is read once, into its context: a server started without the password.
    const server = await serverContext();
    const configured = server.config;
    server.config = { ...configured, REPORT_PASSWORD: undefined };
    const { result, status, headers } = await load({}, { authorization: basic(ADMIN_TOKEN) }).finally(() => {
      server.config = configured;
    });
    expect(status).toBe(503);
    expect(headers['WWW-Authenticate']).toBeUndefined();
    expect(result).toMatchObject({
      props: { kind: 'refused', status: 503, message: expect.stringContaining('REPORT_PASSWORD is not set') },
    });
  });

  it(`answers a plain 429 page with Retry-After after ${SECRET_FAILURES_MAX} wrong passwords from a client, even to the right one`, async () => {
    const address = '192.0.2.50';
    for (let i = 0; i < SECRET_FAILURES_MAX; i += 1)
      expect((await load({}, { authorization: basic(`guess-${i}`), address })).status).toBe(401);
    const { result, status, headers } = await load({}, { address });
    expect(status).toBe(429);
    expect(Number(headers['Retry-After'])).toBeGreaterThan(0);
    expect(Number(headers['Retry-After'])).toBeLessThanOrEqual(15 * 60);
    expect(headers['WWW-Authenticate']).toBeUndefined();
    expect(result).toEqual({ props: { kind: 'refused', status: 429, message: expect.stringMatching(/Please wait \d+ minutes?/) } });
    // Another client is not affected.
    expect((await load({}, { address: '192.0.2.51' })).status).toBe(200);
  });

  it('counts only wrong passwords: marketers reading the report are never throttled', async () => {
    const address = '192.0.2.60';
    for (let i = 0; i < 2 * SECRET_FAILURES_MAX; i += 1) expect((await load({}, { address })).status).toBe(200);
    // A browser's first request, before it asks for the password, is not an attempt either.
    for (let i = 0; i < SECRET_FAILURES_MAX; i += 1) expect((await load({}, { address, authorization: null })).status).toBe(401);
    for (let i = 0; i < SECRET_FAILURES_MAX - 1; i += 1)
      expect((await load({}, { address, authorization: basic('guess') })).status).toBe(401);
    expect((await load({}, { address })).status).toBe(200);
  });

  it.each(['POST', 'PUT', 'DELETE'])('refuses %s with 405 and an Allow header', async (method) => {
    const { result, status, headers } = await load({}, { method });
    expect(status).toBe(405);
    expect(headers.Allow).toBe('GET, HEAD');
    expect(result).toMatchObject({ props: { kind: 'refused', status: 405 } });
  });

  it('serves HEAD like GET', async () => {
    expect((await load({}, { method: 'HEAD' })).result).toMatchObject({ props: { kind: 'report' } });
  });
});
