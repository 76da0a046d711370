import { arrivalIdFloor } from '@/lib/server/tracking/storage/arrivalIds';
import { runPageLoader } from '@/tests/fixtures/operatorRequests';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverContext } from '@/lib/server/context/serverContext';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { getServerSideProps } from './funnelReportPage';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';

const env = vi.hoisted(() => ({ current: {} as Record<string, string | undefined> }));
vi.mock('@/lib/server/config/serverEnv', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/config/serverEnv')>();
  return { ...actual, serverEnv: () => actual.parseServerEnv(env.current) };
});

beforeEach(() => {
  env.current = { DATABASE_URL: 'file::memory:' };
});

/** Cookie headers of a signed-in marketer and of customer care (whose role does not open the reports). */
const cookies = { marketer: '', care: '', admin: '' };

const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  env.current = { DATABASE_URL: 'file::memory:' };
  const { db, trackingDb: tracking, catalogue } = await serverContext();
  cookies.marketer = (await signedInOperator(db, 'marketer')).cookie;
  cookies.care = (await signedInOperator(db, 'care')).cookie;
  cookies.admin = (await signedInOperator(db, 'admin')).cookie;
  await importCatalogueJson(db, readDemoCatalogue());
  catalogue.invalidate();
  const at = `${today}T09:00:00.000Z`;
  const row = (id: string, session: string, waypointId: string, livemode = 1) => ({
    // Ids sort by arrival time, as the store makes them.
    id: `${arrivalIdFloor('te', new Date(at))}_00000${id.slice(1)}_test`,
    received_at: at,
    channel: 'funnel' as const,
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

const load = (
  query: Record<string, string | string[]> = {},
  options: { method?: string; cookie?: string | null; resolvedUrl?: string } = {},
) =>
  runPageLoader(getServerSideProps, query, {
    cookie: options.cookie === undefined ? cookies.marketer! : options.cookie,
    resolvedUrl: options.resolvedUrl ?? '/admin/funnel',
    ...(options.method ? { method: options.method } : {}),
  });

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

  it('sends anyone not signed in to the back office sign-in, and back here afterwards', async () => {
    for (const cookie of [null, 'PJ_operator=made-up', 'CN_token_access=a-buyer-session']) {
      const { result } = await load({ mode: 'test' }, { cookie, resolvedUrl: '/admin/funnel?mode=test' });
      expect(result).toEqual({ redirect: { destination: '/admin/sign-in?return=%2Fadmin%2Ffunnel%3Fmode%3Dtest', permanent: false } });
    }
  });

  it('checks who is asking before the query, so that a stranger learns nothing', async () => {
    expect(await load({ mode: 'everything' }, { cookie: null })).toMatchObject({ result: { redirect: expect.anything() } });
  });

  it("answers 403 to an operator whose role does not open the reports, and opens them to an admin's", async () => {
    const { result, status } = await load({}, { cookie: cookies.care });
    expect(status).toBe(403);
    expect(result).toMatchObject({ props: { kind: 'refused', status: 403, message: expect.stringContaining('Reports') } });
    expect((await load({}, { cookie: cookies.admin })).status).toBe(200);
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
