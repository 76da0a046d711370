import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { orderLine } from '@/tests/fixtures/orderLines';
import type { Experiment } from '@/lib/experiments/experiment';
import { computeExperimentReports } from './experimentReport';
import type { FunnelFilter } from './funnelFilter';
import { computeFunnelReport, type FunnelWaypointId } from './funnelReport';
import type { FunnelReportView } from './funnelReportView';
import { computeOrderFigures } from './orderFigures';
import { computeSubscriptionFigures } from './subscriptionFigures';
import { funnelCsvFilename, funnelCsvPath, funnelReportCsv, percent } from './reportCsv';

const filter: FunnelFilter = { from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all', variant: null };
const STEPS: FunnelWaypointId[] = ['campaign', 'cart', 'credit-card', 'success'];
const VOGUE = 'vogue-demo-single';
const ID = 'exp_00000000000000a1';

const experiment: Experiment = {
  id: ID,
  campaignId: VOGUE,
  name: 'Lower price, "spring"',
  status: 'stopped',
  startedAt: '2025-03-02T09:00:00.000Z',
  pausedAt: null,
  stoppedAt: '2025-03-20T10:00:00.000Z',
  winnerKey: 'B',
  winnerVersion: 5,
  variants: [
    { key: 'A', version: 3, weight: 50 },
    { key: 'B', version: 4, weight: 50 },
  ],
};

/** Vogue: visitors from a source that looks like a formula (a visit with ?source=%3D1%2B1) and direct ones; orders; one experiment. */
const view: FunnelReportView = {
  filter,
  campaignOptions: [{ campaignId: VOGUE, label: 'Vogue · /vogue/demo-single' }],
  report: computeFunnelReport(
    {
      splits: [
        ...STEPS.map((waypointId, i) => ({ campaignId: VOGUE, source: '=1+1', livemode: true, waypointId, visitors: [10, 5, 2, 1][i]! })),
        { campaignId: VOGUE, source: null, livemode: false, waypointId: 'campaign', visitors: 4 },
      ],
      campaigns: STEPS.map((waypointId, i) => ({ campaignId: VOGUE, waypointId, visitors: [14, 5, 2, 1][i]! })),
      sessionlessEvents: 0,
    },
    filter,
  ),
  signInWall: [],
  orders: computeOrderFigures({
    splits: [orderLine({ source: '=1+1', paidOrders: 2, revenue: 4998, declinedOrders: 1 })],
    declines: [{ campaignId: VOGUE, source: '=1+1', livemode: true, currencyCode: 'USD', failureCode: 'expired_card', orders: 1 }],
  }),
  subscriptions: computeSubscriptionFigures({ active: [], renewals: [], cancellations: [], endedUnpaid: [], collected: [] }, filter),
  drift: [],
  driftLimits: { shapesCompared: 0, shapesCut: false, differencesFound: 0 },
  cspViolations: [],
  coupons: [
    {
      code: 'SPRING',
      scope: 'Brands vogue',
      livemode: true,
      redeemed: 2,
      held: 0,
      cap: null,
      remaining: null,
      perCustomerCap: 1,
      validFrom: null,
      validUntil: '2025-04-30T23:00:00.000Z',
    },
  ],
  experiments: computeExperimentReports(
    {
      experiments: [experiment],
      visitors: [
        { experimentId: ID, variantKey: 'A', visitors: 40 },
        { experimentId: ID, variantKey: 'B', visitors: 60 },
      ],
      steps: [
        { experimentId: ID, variantKey: 'A', waypointId: 'campaign', sessions: 30 },
        { experimentId: ID, variantKey: 'A', waypointId: 'cart', sessions: 12 },
      ],
      orders: [
        { experimentId: ID, variantKey: 'A', currencyCode: 'USD', orders: 2, netRevenue: 4000 },
        { experimentId: ID, variantKey: 'B', currencyCode: 'GBP', orders: 3, netRevenue: 9000 },
      ],
    },
    filter,
  ),
};

/** The file as a spreadsheet reads it: records of text, a blank row as [""]. */
const records = (csv: string): string[][] => parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: false });

/** The tables of a file: the records between blank rows, each under its title. */
function tables(csv: string): Map<string, string[][]> {
  const found = new Map<string, string[][]>();
  let current: string[][] = [];
  for (const record of [...records(csv), ['']]) {
    if (record.length === 1 && record[0] === '') {
      const [[title] = [''], ...rest] = current;
      found.set(title!, rest);
      current = [];
    } else current.push(record);
  }
  return found;
}

describe('funnelReportCsv', () => {
  const csv = funnelReportCsv(view);

  it('writes every table of the page, in its order, each under a title row and after a blank row', () => {
    expect(csv.startsWith('\uFEFFFunnel report\r\n')).toBe(true);
    expect([...tables(csv).keys()]).toEqual([
      'Funnel report',
      'Visitors per step by source and mode: Vogue · /vogue/demo-single',
      'Sign-in wall by campaign',
      'Orders by source, mode and currency: Vogue · /vogue/demo-single',
      'Experiment: Lower price, "spring"',
      'Subscriptions',
      'Promo codes and their redemptions',
      'Schema drift',
      'Blocked scripts and content, by page',
    ]);
    expect(tables(csv).get('Funnel report')).toEqual([
      ['Filter', 'Value'],
      ['From (UTC)', '2025-03-01'],
      ['To (UTC, included)', '2025-03-31'],
      ['Campaign', 'All campaigns'],
      ['Traffic', 'Live and test'],
      ['Variant', 'All variants'],
      ['Source', 'All sources'],
    ]);
  });

  it('writes the funnel by split with the page’s figures, and a source that looks like a formula as text', () => {
    expect(tables(csv).get('Visitors per step by source and mode: Vogue · /vogue/demo-single')).toEqual([
      [
        'Source',
        'Mode',
        'Offer page',
        'Cart',
        'Cart, % of the step before',
        'Card details',
        'Card details, % of the step before',
        'Success',
        'Success, % of the step before',
        'Overall, %',
      ],
      ["'=1+1", 'Live', '10', '5', '50', '2', '40', '1', '50', '10'],
      // "—" on the page: nobody to convert.
      ['(direct)', 'Test', '4', '0', '0', '0', '', '0', '', '0'],
      ['All sources', 'Live and test', '14', '5', '35.7', '2', '40', '1', '50', '7.1'],
    ]);
    // Never a cell a spreadsheet would run.
    expect(
      records(csv)
        .flat()
        .filter((cell) => /^[=+\-@]/.test(cell)),
    ).toEqual([]);
  });

  it('writes the orders with money in major units and the decline reasons in words', () => {
    const orders = tables(csv).get('Orders by source, mode and currency: Vogue · /vogue/demo-single')!;
    expect(orders[0]!.slice(0, 5)).toEqual(['Source', 'Mode', 'Currency', 'Paid orders', 'Revenue']);
    expect(orders.slice(1).map((row) => row.slice(0, 9))).toEqual([
      ["'=1+1", 'Live', 'USD', '2', '49.98', '0', '0', '1', 'Expired card: 1'],
      ['All sources', 'Live', 'USD', '2', '49.98', '0', '0', '1', 'Expired card: 1'],
    ]);
  });

  it('writes each experiment’s variants, revenue per visitor per currency, and its campaign, status and verdict', () => {
    expect(tables(csv).get('Experiment: Lower price, "spring"')).toEqual([
      [
        'Variant',
        'Version',
        'Weight, %',
        'Visitors',
        'Offer page',
        'Cart',
        'Cart, % of the offer page',
        'Card details',
        'Card details, % of the offer page',
        'Success',
        'Success, % of the offer page',
        'Orders',
        'Order rate, %',
        'Revenue per visitor (net of tax), GBP',
        'Revenue per visitor (net of tax), USD',
        'Chance of being best, %',
      ],
      [
        'A (control)',
        '3',
        '50',
        '40',
        '30',
        '12',
        '40',
        '0',
        '0',
        '0',
        '0',
        '2',
        '5',
        '',
        '1',
        String(percent(view.experiments[0]!.variants[0]!.probabilityBest)),
      ],
      [
        'B',
        '4',
        '50',
        '60',
        '0',
        '0',
        '',
        '0',
        '',
        '0',
        '',
        '3',
        '5',
        '1.5',
        '',
        String(percent(view.experiments[0]!.variants[1]!.probabilityBest)),
      ],
      ['Campaign', 'Vogue · /vogue/demo-single'],
      ['Status', 'Stopped, started 2025-03-02T09:00:00.000Z, stopped 2025-03-20T10:00:00.000Z; variant B kept (version 5)'],
      ['Verdict', 'Not enough data yet: every variant needs 200 visitors and 20 orders.'],
    ]);
  });

  it('says what a table would hold when it has nothing, as the page does', () => {
    const found = tables(csv);
    expect(found.get('Sign-in wall by campaign')).toEqual([['No visitor met a sign-in wall in this period.']]);
    expect(found.get('Subscriptions')).toEqual([['No subscriptions in this period.']]);
    expect(found.get('Blocked scripts and content, by page')).toEqual([['Nothing was blocked in this period.']]);
    const empty = tables(
      funnelReportCsv({ ...view, report: { ...view.report, campaigns: [] }, orders: { campaigns: [] }, experiments: [] }),
    );
    expect(empty.get('Visitors per step')).toEqual([['No funnel visits in this period.']]);
    expect(empty.get('Orders')).toEqual([['No orders in this period.']]);
    expect(empty.get('Experiments')).toEqual([['No experiments in this period.']]);
  });

  it('says when an experiment started before the period', () => {
    const later: FunnelReportView = { ...view, experiments: view.experiments.map((report) => ({ ...report, startsBeforePeriod: true })) };
    expect(tables(funnelReportCsv(later)).get('Experiment: Lower price, "spring"')!.at(-2)).toEqual([
      'Note',
      'It started before this period: visitors enrolled earlier are not counted, their orders in this period are.',
    ]);
  });

  it('shows the filter’s variant only, and says the verdict needs every variant', () => {
    const one: FunnelReportView = {
      ...view,
      filter: { ...filter, variant: 'B' },
      experiments: computeExperimentReports(
        { experiments: [experiment], visitors: [{ experimentId: ID, variantKey: 'B', visitors: 60 }], steps: [], orders: [] },
        filter,
        'B',
      ),
    };
    const table = tables(funnelReportCsv(one)).get('Experiment: Lower price, "spring"')!;
    expect(table.map((row) => row[0])).toEqual(['Variant', 'B', 'Campaign', 'Status', 'Verdict']);
    expect(table.at(-1)).toEqual(['Verdict', 'The verdict compares every variant: show all variants to see it.']);
    expect(tables(funnelReportCsv(one)).get('Funnel report')!.slice(-2)).toEqual([
      ['Variant', 'B'],
      ['Source', 'All sources'],
    ]);
  });
});

describe('the CSV’s address and name', () => {
  it('carries the filter, as the page reads it', () => {
    expect(funnelCsvPath({ ...filter, campaignId: VOGUE, mode: 'test', variant: 'B' })).toBe(
      '/api/operator/reports/funnel-csv?from=2025-03-01&to=2025-03-31&campaign=vogue-demo-single&mode=test&variant=B',
    );
    expect(funnelCsvFilename(filter)).toBe('funnel-report-2025-03-01-2025-03-31.csv');
  });
});
