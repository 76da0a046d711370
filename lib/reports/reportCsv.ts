/**
 * The funnel report as a CSV file (issue 41): every table the page shows for a filter, in
 * the page's order, each under a title row (the page's caption) and after a blank row, so
 * that a spreadsheet shows them one below the other. Counts and money are numbers (money
 * in major units, its currency in a column of its own), rates are percentages to one
 * decimal as the page writes them, and a rate with nobody to convert is an empty cell
 * where the page shows "—". Text is written by lib/text/csv.ts, which keeps a source such
 * as "=1+1" (free text from a URL) from running as a formula.
 */
import { csvDocument, type CsvValue } from '@/lib/text/csv';
import { EXPERIMENT_STATUS_LABELS, noVariantsText, type ExperimentReport } from './experimentReport';
import { funnelFilterQuery, type FunnelFilter, type ReportMode } from './funnelFilter';
import { FUNNEL_STEPS, type Conversion, type FunnelLine } from './funnelReport';
import { campaignLabeller, type FunnelReportView } from './funnelReportView';
import type { OrderFigures } from './orderFigures';

/** The route that answers the CSV (pages/api/operator/reports/funnel-csv.ts). */
export const FUNNEL_CSV_PATH = '/api/operator/reports/funnel-csv';

/** The CSV of the report the page shows for `filter`. */
export function funnelCsvPath(filter: FunnelFilter): string {
  return `${FUNNEL_CSV_PATH}?${funnelFilterQuery(filter)}`;
}

/** The file's name: the period's days, both inclusive. */
export function funnelCsvFilename(filter: Pick<FunnelFilter, 'from' | 'to'>): string {
  return `funnel-report-${filter.from}-${filter.to}.csv`;
}

/** One table of the file: its title row, its header, its rows; `empty` stands in for rows when there are none. */
export interface CsvTable {
  title: string;
  header: readonly string[];
  rows: readonly (readonly CsvValue[])[];
  empty: string;
  /** Lines after the table's rows (an experiment's verdict), there or not. */
  after?: readonly (readonly CsvValue[])[];
}

/** A rate as the page writes it, as a number of percent to one decimal; empty where the page shows "—". */
export function percent(rate: Conversion | null): number | null {
  return rate === null || rate.ratio === null ? null : Math.round(rate.ratio * 1000) / 10;
}

/** Minor units as the major units the page shows ($12.99 → 12.99). */
export const money = (minorUnits: number): number => Math.round(minorUnits) / 100;

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const modeWord = (livemode: boolean) => (livemode ? 'Live' : 'Test');
const TOTAL_MODE_WORDS: Record<ReportMode, string> = { live: 'Live', test: 'Test', all: 'Live and test' };

/** The tables, in the page's order; a blank row between two. */
export function csvOfTables(tables: readonly CsvTable[]): string {
  const rows: (readonly CsvValue[])[] = [];
  tables.forEach((table, index) => {
    if (index > 0) rows.push([]);
    rows.push([table.title]);
    if (table.rows.length === 0) rows.push([table.empty]);
    else rows.push(table.header, ...table.rows);
    rows.push(...(table.after ?? []));
  });
  return csvDocument(rows);
}

function filterTable(view: FunnelReportView, labelOf: (campaignId: string | null) => string): CsvTable {
  const { filter } = view;
  return {
    title: 'Funnel report',
    header: ['Filter', 'Value'],
    rows: [
      ['From (UTC)', filter.from],
      ['To (UTC, included)', filter.to],
      ['Campaign', filter.campaignId === null ? 'All campaigns' : labelOf(filter.campaignId)],
      ['Traffic', TOTAL_MODE_WORDS[filter.mode]],
      ['Variant', filter.variant ?? 'All variants'],
      ['Source', filter.source ?? 'All sources'],
    ],
    empty: '',
  };
}

const STEP_HEADER = FUNNEL_STEPS.flatMap((step, index) =>
  index === 0 ? [step.label] : [step.label, `${step.label}, % of the step before`],
);
const stepCells = (line: FunnelLine): CsvValue[] => [
  ...line.steps.flatMap((step): CsvValue[] => (step.fromPrevious ? [step.visitors, percent(step.fromPrevious)] : [step.visitors])),
  percent(line.overall),
];

function funnelTables(view: FunnelReportView, labelOf: (campaignId: string | null) => string): CsvTable[] {
  if (view.report.campaigns.length === 0)
    return [{ title: 'Visitors per step', header: [], rows: [], empty: 'No funnel visits in this period.' }];
  return view.report.campaigns.map((campaign) => ({
    title: `Visitors per step by source and mode: ${labelOf(campaign.campaignId)}`,
    header: ['Source', 'Mode', ...STEP_HEADER, 'Overall, %'],
    rows: [
      ...campaign.splits.map((split) => [split.sourceLabel, modeWord(split.livemode), ...stepCells(split)]),
      ['All sources', TOTAL_MODE_WORDS[view.filter.mode], ...stepCells(campaign.total)],
    ],
    empty: '',
  }));
}

function signInWallTable(view: FunnelReportView, labelOf: (campaignId: string | null) => string): CsvTable {
  return {
    title: 'Sign-in wall by campaign',
    header: ['Campaign', 'Visits', 'At the wall', 'Passed', 'Dropped off', 'Drop-off, %'],
    rows: view.signInWall.map((figure) => [
      `${labelOf(figure.campaignId)}${figure.preAuth ? ' (pre-auth)' : ''}`,
      figure.visits,
      figure.atWall,
      figure.passed,
      figure.dropped,
      percent(figure.dropOff),
    ]),
    empty: 'No visitor met a sign-in wall in this period.',
  };
}

const ORDER_HEADER = [
  'Source',
  'Mode',
  'Currency',
  'Paid orders',
  'Revenue',
  'Promo code orders',
  'Promo code discount',
  'Declined orders',
  'Most common decline reasons',
  '3-D Secure asked',
  '3-D Secure paid',
  '3-D Secure failed',
  '3-D Secure declined after',
  '3-D Secure not finished',
];

function orderCells(line: OrderFigures): CsvValue[] {
  const reasons = [
    ...line.declineReasons.map((reason) => `${reason.label}: ${reason.orders}`),
    ...(line.otherDeclines > 0 ? [`Other reasons: ${line.otherDeclines}`] : []),
  ];
  const { authentication } = line;
  return [
    line.currencyCode,
    line.paidOrders,
    money(line.revenue),
    line.promoOrders,
    money(line.promoDiscount),
    line.declinedOrders,
    reasons.join('; '),
    authentication.requested,
    authentication.succeeded,
    authentication.failed,
    authentication.declined,
    authentication.unfinished,
  ];
}

function orderTables(view: FunnelReportView, labelOf: (campaignId: string | null) => string): CsvTable[] {
  if (view.orders.campaigns.length === 0) return [{ title: 'Orders', header: [], rows: [], empty: 'No orders in this period.' }];
  return view.orders.campaigns.map((campaign) => ({
    title: `Orders by source, mode and currency: ${labelOf(campaign.campaignId)}`,
    header: ORDER_HEADER,
    rows: [
      ...campaign.splits.map((line) => [line.sourceLabel, modeWord(line.livemode), ...orderCells(line)]),
      ...campaign.totals.map((line) => ['All sources', modeWord(line.livemode), ...orderCells(line)]),
    ],
    empty: '',
  }));
}

function experimentTable(experiment: ExperimentReport, labelOf: (campaignId: string | null) => string): CsvTable {
  const currencies = [
    ...new Set(experiment.variants.flatMap((line) => line.revenuePerVisitor.map((amount) => amount.currencyCode))),
  ].sort();
  const status = [
    `${EXPERIMENT_STATUS_LABELS[experiment.status]}, started ${experiment.startedAt}`,
    experiment.stoppedAt ? `, stopped ${experiment.stoppedAt}` : '',
    experiment.winnerKey ? `; variant ${experiment.winnerKey} kept (version ${experiment.winnerVersion ?? '?'})` : '',
  ].join('');
  return {
    title: `Experiment: ${experiment.name}`,
    header: [
      'Variant',
      'Version',
      'Weight, %',
      'Visitors',
      ...FUNNEL_STEPS.flatMap((step, index) => (index === 0 ? [step.label] : [step.label, `${step.label}, % of the offer page`])),
      'Orders',
      'Order rate, %',
      ...currencies.map((currency) => `Revenue per visitor (net of tax), ${currency}`),
      'Chance of being best, %',
    ],
    rows: experiment.variants.map((line) => [
      line.control ? `${line.key} (control)` : line.key,
      line.version,
      line.weight,
      line.visitors,
      ...line.steps.flatMap((step): CsvValue[] => (step.fromOffer ? [step.sessions, percent(step.fromOffer)] : [step.sessions])),
      line.orders,
      percent(line.orderRate),
      ...currencies.map((currency) => {
        const perVisitor = line.revenuePerVisitor.find((amount) => amount.currencyCode === currency);
        return perVisitor ? money(perVisitor.amount) : null;
      }),
      percent(line.probabilityBest),
    ]),
    empty: capitalised(noVariantsText(experiment)),
    after: [
      ['Campaign', labelOf(experiment.campaignId)],
      ['Status', status],
      ...(experiment.startsBeforePeriod
        ? [['Note', 'It started before this period: visitors enrolled earlier are not counted, their orders in this period are.']]
        : []),
      ['Verdict', experiment.verdict],
    ],
  };
}

function experimentTables(view: FunnelReportView, labelOf: (campaignId: string | null) => string): CsvTable[] {
  if (view.experiments.length === 0) return [{ title: 'Experiments', header: [], rows: [], empty: 'No experiments in this period.' }];
  return view.experiments.map((experiment) => experimentTable(experiment, labelOf));
}

function subscriptionTables(view: FunnelReportView): CsvTable[] {
  const { subscriptions } = view;
  const tables: CsvTable[] = [
    {
      title: `Active subscribers at the end of ${view.filter.to}`,
      header: ['Brand', 'Mode', 'In trial', 'Paying', 'Past due', 'Total'],
      rows: subscriptions.activeSubscribers.map((line) => [
        line.brandLabel,
        modeWord(line.livemode),
        line.trialing,
        line.paying,
        line.pastDue,
        line.total,
      ]),
      empty: 'None.',
    },
    {
      title: `Monthly recurring revenue at the end of ${view.filter.to}`,
      header: ['Brand', 'Mode', 'Currency', 'Subscriptions', 'Per month'],
      rows: subscriptions.recurringRevenue.map((line) => [
        line.brandLabel,
        modeWord(line.livemode),
        line.currencyCode,
        line.subscriptions,
        money(line.monthlyRevenue),
      ]),
      empty: 'No paying subscription.',
    },
    {
      title: 'Renewals',
      header: ['Brand', 'Mode', 'Currency', 'Paid renewals', 'Paid amount', 'Recovered renewals', 'Recovered amount', 'Failed renewals'],
      rows: subscriptions.renewals.map((line) => [
        line.brandLabel,
        modeWord(line.livemode),
        line.currencyCode,
        line.paid,
        money(line.paidAmount),
        line.recovered,
        money(line.recoveredAmount),
        line.failed,
      ]),
      empty: 'No renewal was paid or failed in this period.',
    },
    {
      title: 'Cancellations by reason, and subscriptions ended unpaid',
      header: ['Brand', 'Mode', 'Cancellations', ...subscriptions.reasonGroups, 'Ended unpaid'],
      rows: subscriptions.cancellations.map((line) => [
        line.brandLabel,
        modeWord(line.livemode),
        line.cancellations,
        ...subscriptions.reasonGroups.map((_reason, index) => line.byReason[index] ?? 0),
        line.endedUnpaid,
      ]),
      empty: 'No subscription was cancelled or ended unpaid in this period.',
    },
    {
      title: 'Money collected per month',
      header: ['Brand', 'Mode', 'Currency', 'Month', 'Purchases', 'Renewals', 'Total'],
      rows: subscriptions.collected.map((line) => [
        line.brandLabel,
        modeWord(line.livemode),
        line.currencyCode,
        line.monthLabel,
        money(line.purchases),
        money(line.renewals),
        money(line.total),
      ]),
      empty: 'Nothing was paid in this period.',
    },
  ];
  // As the page: one line when there is nothing at all, rather than five empty tables.
  return tables.every((table) => table.rows.length === 0)
    ? [{ title: 'Subscriptions', header: [], rows: [], empty: 'No subscriptions in this period.' }]
    : tables;
}

function couponTable(view: FunnelReportView): CsvTable {
  return {
    title: 'Promo codes and their redemptions',
    header: ['Code', 'Mode', 'Where', 'Valid from', 'Valid until', 'Redeemed', 'Under way', 'Cap', 'Remaining', 'Per buyer'],
    rows: view.coupons.map((coupon) => [
      coupon.code,
      modeWord(coupon.livemode),
      coupon.scope,
      coupon.validFrom,
      coupon.validUntil,
      coupon.redeemed,
      coupon.held,
      coupon.cap,
      coupon.remaining,
      coupon.perCustomerCap,
    ]),
    empty: 'There are no promo codes in the catalogue.',
  };
}

function driftTable(view: FunnelReportView): CsvTable {
  return {
    title: 'Schema drift',
    header: ['Event', 'Difference', 'Property', 'Expected', 'Seen', 'First seen', 'Last seen', 'Times'],
    rows: view.drift.map((entry) => [
      entry.eventName,
      entry.kind,
      entry.property,
      entry.expectedType,
      entry.observedType,
      entry.firstSeen,
      entry.lastSeen,
      entry.count,
    ]),
    empty: 'No drift: the event shapes seen in this period match the catalogue.',
  };
}

function cspTable(view: FunnelReportView): CsvTable {
  return {
    title: 'Blocked scripts and content, by page',
    header: ['Page', 'Rule', 'Reported only', 'Blocked', 'From', 'Last seen', 'Times'],
    rows: view.cspViolations.map((violation) => [
      violation.page,
      violation.directive,
      violation.disposition === 'report' ? 'yes' : 'no',
      violation.blocked,
      violation.source,
      violation.lastSeen,
      violation.count,
    ]),
    empty: 'Nothing was blocked in this period.',
  };
}

/** Every table of the report's view, in the page's order. */
export function funnelReportTables(view: FunnelReportView): CsvTable[] {
  const labelOf = campaignLabeller(view.campaignOptions);
  return [
    filterTable(view, labelOf),
    ...funnelTables(view, labelOf),
    signInWallTable(view, labelOf),
    ...orderTables(view, labelOf),
    ...experimentTables(view, labelOf),
    ...subscriptionTables(view),
    couponTable(view),
    driftTable(view),
    cspTable(view),
  ];
}

/** The report the page shows for the view's filter, as one CSV document. */
export function funnelReportCsv(view: FunnelReportView): string {
  return csvOfTables(funnelReportTables(view));
}
