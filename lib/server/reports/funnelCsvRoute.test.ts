import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDb, origin, serveRoutesWithServerContext, trackingDb } from '@/tests/fixtures/routeServerContext';
import { operatorFetch, runPageLoader } from '@/tests/fixtures/operatorRequests';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { transactionRow } from '@/tests/fixtures/transactionRows';
import type { ExperimentMark, VariantKey } from '@/lib/experiments/experiment';
import type { FunnelReportPageProps } from '@/lib/reports/funnelReportView';
import { percent } from '@/lib/reports/reportCsv';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { ExperimentRepository } from '@/lib/server/experiments/ExperimentRepository';
import { getServerSideProps as loadReportPage } from '@/lib/server/ssr/funnelReportPage';
import { buildOfferPageLoad, funnelItemFor, type JourneyEvent } from '@/lib/tracking/events';
import { arrivalIdFloor } from '@/lib/server/tracking/storage/arrivalIds';
import { buildCartLoad, buildCreditCardWaypointLoad, buildSuccessPageLoad } from '@/lib/tracking/orderEvents';

/**
 * The funnel report's CSV through its route (Next's own API resolver, the demo catalogue):
 * funnel events sent as the journey sends them, orders of an experiment's variants, then the
 * file read as a spreadsheet would (csv-parse), its figures checked against what the page's
 * loader shows for the same query.
 */
const API_KEY = 'test-funnel-key-csv';
await serveRoutesWithServerContext(
  { FUNNEL_API_KEY: API_KEY },
  [
    [/^\/api\/operator\/reports\/funnel-csv$/, () => import('@/pages/api/operator/reports/funnel-csv')],
    [/^\/api\/funnel$/, () => import('@/pages/api/funnel')],
  ],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

const CAMPAIGN = 'vogue-demo-single';
const EXPERIMENT = 'exp_0000000000000c5a';
const today = new Date().toISOString().slice(0, 10);
const query = `from=${today}&to=${today}&campaign=${CAMPAIGN}&mode=live`;
const cookies = { marketer: '', care: '' };

/** One session's funnel, as the journey's pages send it: offer page, cart, card details, success, as far as `steps`. */
async function journey(sessionId: string, source: string | null, steps: number, experiment?: ExperimentMark) {
  const page = { campaignId: CAMPAIGN, currentPage: '/vogue/demo-single', timestamp: Date.now() };
  const events: JourneyEvent[] = [
    buildOfferPageLoad(page),
    buildCartLoad(page),
    buildCreditCardWaypointLoad(page),
    buildSuccessPageLoad(page),
  ];
  const context = { sessionId, source, livemode: true, ...(experiment ? { experiment } : {}) };
  const response = await fetch(`${origin}/api/funnel?api_key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify(events.slice(0, steps).map((event) => funnelItemFor(event, context))),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** An offer-page event as the tracking store keeps it, written straight to its table. */
async function storedEvent(sessionId: string, source: string) {
  const at = new Date();
  await (
    await trackingDb()
  )
    .insertInto('tracking_events')
    .values({
      id: `${arrivalIdFloor('te', at)}_999999_test`,
      received_at: at.toISOString(),
      channel: 'funnel',
      action: 'waypoint',
      topic: null,
      campaign_id: CAMPAIGN,
      session_id: sessionId,
      source,
      livemode: 1,
      payload_json: JSON.stringify(
        buildOfferPageLoad({ campaignId: CAMPAIGN, currentPage: '/vogue/demo-single', timestamp: at.getTime() }).payload,
      ),
    })
    .execute();
}

let nextOrder = 0;
/** A paid purchase of the variant (none: outside the experiment), placed now. */
async function paidOrder(variant: VariantKey | null, source: string | null, total: number, tax: number, currency = 'USD') {
  nextOrder += 1;
  const at = new Date().toISOString();
  const row = transactionRow({
    id: `txn_csv_${String(nextOrder).padStart(4, '0')}`,
    campaign_id: CAMPAIGN,
    source,
    currency_code: currency,
    tax,
    total,
    experiment_id: variant === null ? null : EXPERIMENT,
    variant_key: variant,
    created_at: at,
  });
  await (await appDb()).insertInto('transactions').values(row).execute();
}

beforeAll(async () => {
  const db = await appDb();
  cookies.marketer = (await signedInOperator(db, 'marketer')).cookie;
  cookies.care = (await signedInOperator(db, 'care')).cookie;
  const experiments = new ExperimentRepository(db);
  await experiments.insert(
    {
      id: EXPERIMENT,
      campaignId: CAMPAIGN,
      name: 'Spring price',
      status: 'running',
      startedAt: `${today}T00:00:00.000Z`,
      pausedAt: null,
      stoppedAt: null,
      winnerKey: null,
      winnerVersion: null,
      variants: [
        { key: 'A', version: 1, weight: 50 },
        { key: 'B', version: 2, weight: 50 },
      ],
    },
    'op_test',
  );
  const visitors: [string, VariantKey][] = [
    ['aaaaaaaaaaaaaaaaaaaaa1', 'A'],
    ['aaaaaaaaaaaaaaaaaaaaa2', 'A'],
    ['aaaaaaaaaaaaaaaaaaaaa3', 'A'],
    ['bbbbbbbbbbbbbbbbbbbbb1', 'B'],
    ['bbbbbbbbbbbbbbbbbbbbb2', 'B'],
  ];
  for (const [visitorId, variant] of visitors) {
    await experiments.enrol({ experimentId: EXPERIMENT, visitorId, variant, livemode: true, source: '=1+1', at: new Date() });
  }
  // Sources that start as a formula would: the journey takes "=1+1" from a visit's
  // ?source=%3D1%2B1 (and "-1+1" from ?source=-1%2B1) and its events send them decoded. A
  // row stored before the funnel endpoint checked sources may hold anything; an order's
  // source is any text the checkout was sent.
  await journey('sess-formula-1', '-1+1', 4, { id: EXPERIMENT, variant: 'A' });
  await journey('sess-formula-2', '-1+1', 2, { id: EXPERIMENT, variant: 'A' });
  await journey('sess-b-1', null, 3, { id: EXPERIMENT, variant: 'B' });
  await journey('sess-newsletter', 'newsletter', 1);
  await journey('sess-visit', '=1+1', 1);
  await storedEvent('sess-legacy', '@SUM(1)');
  await paidOrder('A', '=1+1', 2400, 400);
  await paidOrder('B', null, 1200, 200);
  await paidOrder(null, 'newsletter', 2500, 0);
  // The events reached the tracking database before the report reads them.
  expect(await (await trackingDb()).selectFrom('tracking_events').select('id').execute()).toHaveLength(12);
});

const download = (path: string, cookie: string | null = cookies.marketer, method = 'GET') =>
  operatorFetch(origin, method, path, cookie === null ? {} : { cookie });

/** The file as a spreadsheet reads it: records of text, a blank row as [""]. */
function tablesOf(csv: string): Map<string, string[][]> {
  const records: string[][] = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: false });
  const tables = new Map<string, string[][]>();
  let current: string[][] = [];
  for (const record of [...records, ['']]) {
    if (record.length === 1 && record[0] === '') {
      const [[title] = [''], ...rows] = current;
      tables.set(title!, rows);
      current = [];
    } else current.push(record);
  }
  return tables;
}

/** What the report page shows for the same query, by its own loader. */
async function pageView() {
  const { result } = await runPageLoader(loadReportPage, Object.fromEntries(new URLSearchParams(query)), {
    cookie: cookies.marketer,
    resolvedUrl: `/admin/funnel?${query}`,
  });
  const props = (result as { props: FunnelReportPageProps }).props;
  if (props.kind !== 'report') throw new Error(`the page refused: ${props.message}`);
  return props;
}

describe('GET /api/operator/reports/funnel-csv', () => {
  it('answers the page’s tables as a CSV attachment named after the period', async () => {
    const response = await download(`/api/operator/reports/funnel-csv?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="funnel-report-${today}-${today}.csv"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 with a byte-order mark (which a decoder drops unless told to keep it), then CRLF rows.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toContain('\r\n\r\n');

    const view = await pageView();
    const tables = tablesOf(text);
    const label = view.campaignOptions.find((option) => option.campaignId === CAMPAIGN)!.label;
    expect([...tables.keys()]).toEqual([
      'Funnel report',
      `Visitors per step by source and mode: ${label}`,
      'Sign-in wall by campaign',
      `Orders by source, mode and currency: ${label}`,
      'Experiment: Spring price',
      `Active subscribers at the end of ${today}`,
      `Monthly recurring revenue at the end of ${today}`,
      'Renewals',
      'Cancellations by reason, and subscriptions ended unpaid',
      'Money collected per month',
      'Promo codes and their redemptions',
      'Schema drift',
      'Blocked scripts and content, by page',
    ]);

    // The funnel: every split's visitors per step as the page counts them, the formula-like source as text.
    const funnel = tables.get(`Visitors per step by source and mode: ${label}`)!;
    const campaign = view.report.campaigns.find((line) => line.campaignId === CAMPAIGN)!;
    // A source a spreadsheet would run is written after an apostrophe.
    const shownSource = (source: string) => (/^[=+\-@]/.test(source) ? `'${source}` : source);
    for (const split of campaign.splits) {
      const row = funnel.find((cells) => cells[0] === shownSource(split.sourceLabel));
      expect(row, split.sourceLabel).toBeDefined();
      expect([row![2], row![3], row![5], row![7]]).toEqual(split.steps.map((step) => String(step.visitors)));
    }
    expect(funnel.find((cells) => cells[0] === "'-1+1")!.slice(0, 4)).toEqual(["'-1+1", 'Live', '2', '2']);
    expect(funnel.find((cells) => cells[0] === "'=1+1")!.slice(0, 3)).toEqual(["'=1+1", 'Live', '1']);
    expect(funnel.at(-1)!.slice(0, 3)).toEqual(['All sources', 'Live', String(campaign.total.steps[0]!.visitors)]);

    // The orders: paid orders and revenue per split, as the page sums them.
    const orders = tables.get(`Orders by source, mode and currency: ${label}`)!;
    for (const line of view.orders.campaigns[0]!.splits) {
      const row = orders.find((cells) => cells[0] === shownSource(line.sourceLabel))!;
      expect([row[3], row[4]]).toEqual([String(line.paidOrders), String(line.revenue / 100)]);
    }
    expect(orders.find((cells) => cells[0] === "'=1+1")!.slice(0, 5)).toEqual(["'=1+1", 'Live', 'USD', '1', '24']);

    // The money collected: the paid purchases, as the page's subscription figures sum them.
    const collected = tables.get('Money collected per month')!;
    expect(collected.slice(1).map((row) => row.slice(2, 5))).toEqual(
      view.subscriptions.collected.map((line) => [line.currencyCode, line.monthLabel, String(line.purchases / 100)]),
    );

    // The experiment: each variant's figures as the page shows them.
    const experiment = tables.get('Experiment: Spring price')!;
    const [shown] = view.experiments;
    expect(shown!.variants.map((line) => [line.key, line.visitors, line.orders])).toEqual([
      ['A', 3, 1],
      ['B', 2, 1],
    ]);
    for (const line of shown!.variants) {
      const row = experiment.find((cells) => cells[0]!.startsWith(line.key))!;
      expect(row).toEqual([
        line.control ? `${line.key} (control)` : line.key,
        String(line.version),
        String(line.weight),
        String(line.visitors),
        ...line.steps.flatMap((step) =>
          step.fromOffer ? [String(step.sessions), String(percent(step.fromOffer) ?? '')] : [String(step.sessions)],
        ),
        String(line.orders),
        String(percent(line.orderRate)),
        // Net of tax, per visitor: A $20.00 / 3, B $10.00 / 2.
        String(line.revenuePerVisitor[0]!.amount / 100),
        String(percent(line.probabilityBest)),
      ]);
    }
    expect(experiment.find((cells) => cells[0] === 'A (control)')!.slice(4, 12)).toEqual(['2', '2', '100', '1', '50', '1', '50', '1']);
    expect(experiment.find((cells) => cells[0] === 'A (control)')![13]).toBe('6.67');
    expect(experiment.at(-1)).toEqual(['Verdict', 'Not enough data yet: every variant needs 200 visitors and 20 orders.']);

    // Never a cell a spreadsheet would run: the sources are shown, not computed.
    const cells = [...tables.values()].flat(2);
    expect(cells).toEqual(expect.arrayContaining(["'=1+1", "'-1+1", "'@SUM(1)"]));
    expect(text).not.toMatch(/(^|,|\n)=1\+1/);
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it('narrows the experiment table to the variant asked for', async () => {
    const response = await download(`/api/operator/reports/funnel-csv?${query}&variant=B`);
    expect(response.status).toBe(200);
    const experiment = tablesOf(await response.text()).get('Experiment: Spring price')!;
    expect(experiment.map((row) => row[0])).toEqual(['Variant', 'B', 'Campaign', 'Status', 'Verdict']);
  });

  it('narrows the funnel, orders and experiment to the source asked for, a formula-like one included', async () => {
    const response = await download(`/api/operator/reports/funnel-csv?${query}&source=${encodeURIComponent('=1+1')}`);
    expect(response.status).toBe(200);
    const tables = tablesOf(await response.text());
    expect(tables.get('Funnel report')!.find((row) => row[0] === 'Source')).toEqual(['Source', "'=1+1"]);
    const label = [...tables.keys()].find((title) => title.startsWith('Visitors per step by source and mode: '))!;
    // Its visits only: the "-1+1" and direct ones are left out, and the total is its own.
    expect(tables.get(label)!.map((row) => row[0])).toEqual(expect.arrayContaining(["'=1+1", 'All sources']));
    expect(tables.get(label)!.some((row) => row[0] === "'-1+1" || row[0] === '(direct)')).toBe(false);
    const orders = [...tables.entries()].find(([title]) => title.startsWith('Orders by source, mode and currency: '))![1];
    expect(orders.filter((row) => row[0] !== 'Source' && row[0] !== 'All sources' && row[0] !== '').map((row) => row[0])).toEqual([
      "'=1+1",
    ]);
    // Every enrolled visitor came from "=1+1"; only A's order did.
    const experiment = tables.get('Experiment: Spring price')!;
    expect(experiment.filter((row) => /^[AB]/.test(row[0]!)).map((row) => [row[0], row[3]])).toEqual([
      ['A (control)', '3'],
      ['B', '2'],
    ]);
    expect(experiment.find((row) => row[0] === 'B')![11]).toBe('0');
    expect(experiment.find((row) => row[0] === 'A (control)')![11]).toBe('1');
  });

  it('refuses a bad query (400, JSON), a caller without the reports (401, 403) and another method (405)', async () => {
    for (const bad of ['from=yesterday', 'mode=LIVE', 'variant=E', 'source=a%26b', 'campaign=no%20such', 'from=2025-03-02&to=2025-03-01']) {
      const refused = await download(`/api/operator/reports/funnel-csv?${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
    }
    // Access before the query: nobody learns what a query would be refused for.
    const signedOut = await download('/api/operator/reports/funnel-csv?from=yesterday', null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await download(`/api/operator/reports/funnel-csv?${query}`, cookies.care)).status).toBe(403);
    const posted = await download(`/api/operator/reports/funnel-csv?${query}`, cookies.marketer, 'POST');
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
  });
});
