/**
 * The funnel report's experiment tables (issue 41): per experiment of the period, each
 * variant's assigned visitors, the sessions that reached each funnel step, its paid orders,
 * order rate, revenue per visitor net of tax (per currency, never added across them) and
 * the chance it is best, with the verdict in words. Pure: ExperimentReportRepository counts
 * in SQL, lib/experiments/verdict.ts ranks; this matches them up and shapes the lines.
 *
 * Counting rules (the report's "How experiments are counted" says the same):
 * - visitors: enrolled (consenting) visitors of the variant, by the day they were enrolled;
 * - steps: sessions whose funnel events carried the variant, at every step up to the
 *   furthest they reached (as in the funnel), over those that reached the offer page;
 * - orders: paid purchases marked with the variant, placed in the period; revenue is their
 *   total less tax.
 * All in the period and the filter's mode.
 */
import type { Experiment, ExperimentStatus, VariantKey } from '@/lib/experiments/experiment';
import { CONTROL_KEY, VARIANT_KEYS } from '@/lib/experiments/experiment';
import { experimentVerdict, MIN_ORDERS_PER_VARIANT, MIN_VISITORS_PER_VARIANT, type ExperimentVerdict } from '@/lib/experiments/verdict';
import { nextDay } from './funnelFilter';
import { conversion, FUNNEL_STEPS, type Conversion, type FunnelStepId, type FunnelWaypointId, type ReportRange } from './funnelReport';

/** Enrolled visitors of one variant, as the repository counts them. */
export interface VariantVisitorCount {
  experimentId: string;
  variantKey: string;
  visitors: number;
}

/** Sessions of one variant that reached a funnel step (or a later one). */
export interface VariantStepCount {
  experimentId: string;
  variantKey: string;
  waypointId: FunnelWaypointId;
  sessions: number;
}

/** Paid purchases of one variant in one currency, and their totals less tax (minor units). */
export interface VariantOrderCount {
  experimentId: string;
  variantKey: string;
  currencyCode: string;
  orders: number;
  netRevenue: number;
}

export interface ExperimentCounts {
  /** The experiments of the filter's campaign (or every campaign) that ran during the period. */
  experiments: readonly Experiment[];
  visitors: readonly VariantVisitorCount[];
  steps: readonly VariantStepCount[];
  orders: readonly VariantOrderCount[];
}

export interface VariantStepFigure {
  stepId: FunnelStepId;
  label: string;
  sessions: number;
  /** Over the sessions that reached the offer page; null on the offer page itself. */
  fromOffer: Conversion | null;
}

/** An amount in one currency, minor units. */
export interface CurrencyAmount {
  currencyCode: string;
  amount: number;
}

export interface ExperimentVariantLine {
  key: VariantKey;
  /** The first variant, the campaign as it was published when the experiment started. */
  control: boolean;
  version: number;
  /** Whole-percent share of the enrolled visitors. */
  weight: number;
  visitors: number;
  steps: VariantStepFigure[];
  orders: number;
  /** Orders per assigned visitor. */
  orderRate: Conversion;
  /** Net of tax, minor units rounded to the unit, one per currency (by code); none before an order. */
  revenuePerVisitor: CurrencyAmount[];
  /** Against every variant of the experiment (whatever the variant filter); null when the figures cannot be compared (see notComparable). */
  probabilityBest: Conversion | null;
}

export interface ExperimentReport {
  experimentId: string;
  campaignId: string;
  name: string;
  status: ExperimentStatus;
  startedAt: string;
  stoppedAt: string | null;
  /** The variant kept when it was stopped, and the version that published it. */
  winnerKey: VariantKey | null;
  winnerVersion: number | null;
  /** Every variant's line, in the experiment's order, or only the variant filter's (none if the experiment has no such variant). */
  variants: ExperimentVariantLine[];
  /** How many variants the experiment has, shown or not. */
  variantCount: number;
  /** The filter's variant, when it narrows the lines. */
  shownVariant: VariantKey | null;
  /** The period starts after the experiment did: orders of visitors enrolled before it count, their enrolment does not. */
  startsBeforePeriod: boolean;
  /** Named once every variant has the minimum visitors and orders (verdict.ts); null: not yet, or not comparable. */
  leader: VariantKey | null;
  verdict: string;
}

export const EXPERIMENT_STATUS_LABELS: Readonly<Record<ExperimentStatus, string>> = {
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
};

export const NOT_ENOUGH_DATA = `Not enough data yet: every variant needs ${MIN_VISITORS_PER_VARIANT} visitors and ${MIN_ORDERS_PER_VARIANT} orders.`;

/**
 * The variant filter shows one variant's line, but a verdict is a comparison: it is left
 * to the view of every variant rather than shown beside a single line that cannot bear it
 * out. The line's chance of being best is still against every variant (alone, any variant
 * would be "best"), so it reads the same as in the full table.
 */
export const VERDICT_NEEDS_EVERY_VARIANT = 'The verdict compares every variant: show all variants to see it.';

/**
 * More orders than enrolled visitors: buyers enrolled before the period ordered in it. Their
 * rates are not rates, so no chance or leader is given.
 */
export function notComparableVerdict(startedAt: string): string {
  return `Not comparable in this period: a variant has more orders than visitors enrolled in it, from visitors enrolled earlier. Start the period on ${startedAt.slice(0, 10)}, when the experiment started.`;
}

/** What stands in for an experiment's lines when there are none: the variant filter asked for one it does not have. */
export function noVariantsText(report: Pick<ExperimentReport, 'shownVariant' | 'variantCount'>): string {
  if (report.shownVariant === null || report.variantCount === 0) return 'no variants.';
  return `no variant ${report.shownVariant}; its variants are ${VARIANT_KEYS.slice(0, report.variantCount).join(', ')}.`;
}

/** Whether an experiment ran at some time during the period (UTC days, both inclusive). */
export function ranDuring(experiment: Pick<Experiment, 'startedAt' | 'stoppedAt'>, range: ReportRange): boolean {
  // ISO instants in UTC compare as strings; bare days bound every instant of them.
  return experiment.startedAt < nextDay(range.to) && (experiment.stoppedAt === null || experiment.stoppedAt >= range.from);
}

/** Beyond these a chance is shown as a bound: "100.0%" would claim a certainty no sample gives. */
const CERTAIN = 0.999;
const HOPELESS = 0.001;

/** A variant's chance of being best, as the table writes it. */
export function chanceOf(probability: number): Conversion {
  if (probability > CERTAIN) return { ratio: probability, label: '> 99.9%' };
  if (probability < HOPELESS) return { ratio: probability, label: '< 0.1%' };
  return conversion(probability, 1);
}

const keyOf = (experimentId: string, variantKey: string) => JSON.stringify([experimentId, variantKey]);

function sumBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return sums;
}

const byCode = (a: CurrencyAmount, b: CurrencyAmount) => a.currencyCode.localeCompare(b.currencyCode);

/** The verdict in words: the leader and its chance, or why there is none. */
function verdictText(
  shownVariant: VariantKey | null,
  comparable: boolean,
  leader: ExperimentVariantLine | null,
  startedAt: string,
): string {
  if (shownVariant !== null) return VERDICT_NEEDS_EVERY_VARIANT;
  if (!comparable) return notComparableVerdict(startedAt);
  if (leader === null) return NOT_ENOUGH_DATA;
  const probability = leader.probabilityBest?.ratio ?? 0;
  const chance = probability > CERTAIN ? 'a chance above 99.9%' : `a ${leader.probabilityBest?.label ?? ''} chance`;
  return `Variant ${leader.key} leads, with ${chance} of the best order rate.`;
}

/**
 * One report per experiment, in the order given (the repository's: newest first), each
 * with its variants in the experiment's order; `variant` narrows the lines to one.
 */
export function computeExperimentReports(
  counts: ExperimentCounts,
  range: ReportRange,
  variant: VariantKey | null = null,
): ExperimentReport[] {
  const visitors = sumBy(
    counts.visitors,
    (row) => keyOf(row.experimentId, row.variantKey),
    (row) => row.visitors,
  );
  const steps = sumBy(
    counts.steps,
    (row) => JSON.stringify([row.experimentId, row.variantKey, row.waypointId]),
    (row) => row.sessions,
  );
  const orders = sumBy(
    counts.orders,
    (row) => keyOf(row.experimentId, row.variantKey),
    (row) => row.orders,
  );
  const revenue = new Map<string, Record<string, number>>();
  for (const row of counts.orders) {
    const key = keyOf(row.experimentId, row.variantKey);
    const byCurrency = revenue.get(key) ?? {};
    byCurrency[row.currencyCode] = (byCurrency[row.currencyCode] ?? 0) + row.netRevenue;
    revenue.set(key, byCurrency);
  }

  return counts.experiments.map((experiment): ExperimentReport => {
    const figures = experiment.variants.map((line) => {
      const key = keyOf(experiment.id, line.key);
      return { line, visitors: visitors.get(key) ?? 0, orders: orders.get(key) ?? 0, netRevenue: revenue.get(key) ?? {} };
    });
    const comparable = figures.every((figure) => figure.orders <= figure.visitors);
    // The verdict's rates need orders within visitors; when they are not, its chances are not
    // used. An experiment always has variants; one read without any is shown empty, not ranked.
    const verdict: ExperimentVerdict =
      figures.length === 0
        ? { variants: [], leader: null }
        : experimentVerdict(
            figures.map((figure) => ({
              variantId: figure.line.key,
              visitors: figure.visitors,
              orders: Math.min(figure.orders, figure.visitors),
              netRevenue: figure.netRevenue,
            })),
          );
    const ranked = new Map(verdict.variants.map((ranking) => [ranking.variantId, ranking]));
    const lines = figures.map(({ line, visitors: assigned, orders: ordered }): ExperimentVariantLine => {
      const sessionsAt = (waypointId: FunnelWaypointId) => steps.get(JSON.stringify([experiment.id, line.key, waypointId])) ?? 0;
      const offer = sessionsAt(FUNNEL_STEPS[0].waypointId);
      const ranking = ranked.get(line.key)!;
      return {
        key: line.key,
        control: line.key === CONTROL_KEY,
        version: line.version,
        weight: line.weight,
        visitors: assigned,
        steps: FUNNEL_STEPS.map((step, index) => ({
          stepId: step.id,
          label: step.label,
          sessions: sessionsAt(step.waypointId),
          fromOffer: index === 0 ? null : conversion(sessionsAt(step.waypointId), offer),
        })),
        orders: ordered,
        orderRate: conversion(ordered, assigned),
        revenuePerVisitor: Object.entries(ranking.revenuePerVisitor)
          .map(([currencyCode, amount]) => ({ currencyCode, amount }))
          .sort(byCode),
        probabilityBest: comparable ? chanceOf(ranking.probabilityBest) : null,
      };
    });
    const leader = (comparable && lines.find((line) => line.key === verdict.leader)) || null;
    return {
      experimentId: experiment.id,
      campaignId: experiment.campaignId,
      name: experiment.name,
      status: experiment.status,
      startedAt: experiment.startedAt,
      stoppedAt: experiment.stoppedAt,
      winnerKey: experiment.winnerKey,
      winnerVersion: experiment.winnerVersion,
      variants: variant === null ? lines : lines.filter((line) => line.key === variant),
      variantCount: lines.length,
      shownVariant: variant,
      startsBeforePeriod: experiment.startedAt < range.from,
      leader: leader?.key ?? null,
      verdict: verdictText(variant, comparable, leader, experiment.startedAt),
    };
  });
}
