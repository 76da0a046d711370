/**
 * The marketers' funnel report, computed from visitor counts per waypoint. Pure: the
 * repository counts in SQL, this turns the counts into steps, conversions and totals.
 *
 * Counting rule: a visitor is a distinct session id, and counts at a step when they have
 * that step's waypoint in the period, in any order. A visitor who opens the cart from a
 * link without seeing the offer page counts at the cart only, so a step-to-step
 * conversion can exceed 100%; we show that rather than hide visitors who skipped a step.
 */
import type { WaypointId } from '@/lib/tracking/events';

/** The funnel's steps in order, each with the waypoint that marks it (lib/tracking/events.ts). */
export const FUNNEL_STEPS = [
  { id: 'offer', waypointId: 'campaign', label: 'Offer page' },
  { id: 'cart', waypointId: 'cart', label: 'Cart' },
  { id: 'card', waypointId: 'credit-card', label: 'Card details' },
  { id: 'success', waypointId: 'success', label: 'Success' },
] as const satisfies readonly { id: string; waypointId: WaypointId; label: string }[];

export type FunnelStepId = (typeof FUNNEL_STEPS)[number]['id'];
export type FunnelWaypointId = (typeof FUNNEL_STEPS)[number]['waypointId'];
export const FUNNEL_WAYPOINT_IDS: readonly FunnelWaypointId[] = FUNNEL_STEPS.map((step) => step.waypointId);

/** Distinct visitors of one campaign × source × mode at one waypoint. */
export interface SplitWaypointCount {
  campaignId: string | null;
  source: string | null;
  livemode: boolean;
  waypointId: FunnelWaypointId;
  visitors: number;
}

/**
 * Distinct visitors of one campaign at one waypoint, over all its splits. Counted apart
 * because a visitor seen under two sources is one visitor of the campaign, not two.
 */
export interface CampaignWaypointCount {
  campaignId: string | null;
  waypointId: FunnelWaypointId;
  visitors: number;
}

export interface FunnelCounts {
  splits: readonly SplitWaypointCount[];
  campaigns: readonly CampaignWaypointCount[];
  /** Waypoint events without a session id: they cannot be followed from step to step, so they are left out. */
  sessionlessEvents: number;
}

/** Calendar days in UTC, both inclusive, as YYYY-MM-DD. */
export interface ReportRange {
  from: string;
  to: string;
}

export interface Conversion {
  /** visitors / visitors before; null when there was no one before. */
  ratio: number | null;
  /** One decimal and a percent sign, or "—" when there was no one to convert. */
  label: string;
}

export interface StepFigure {
  stepId: FunnelStepId;
  label: string;
  visitors: number;
  /** From the step before; null on the first step. */
  fromPrevious: Conversion | null;
}

export interface FunnelLine {
  steps: StepFigure[];
  /** Success over offer page. */
  overall: Conversion;
}

export interface FunnelSplit extends FunnelLine {
  source: string | null;
  /** The source as shown: "(direct)" when the visitor came without one. */
  sourceLabel: string;
  livemode: boolean;
}

export interface CampaignFunnel {
  campaignId: string | null;
  total: FunnelLine;
  splits: FunnelSplit[];
}

export interface FunnelReport {
  range: ReportRange;
  campaigns: CampaignFunnel[];
  sessionlessEvents: number;
}

export const DIRECT_SOURCE_LABEL = '(direct)';
export const NO_CONVERSION_LABEL = '—';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function conversion(visitors: number, before: number): Conversion {
  if (before <= 0) return { ratio: null, label: NO_CONVERSION_LABEL };
  const ratio = visitors / before;
  return { ratio, label: percent.format(ratio) };
}

function funnelLine(visitorsAt: (waypointId: FunnelWaypointId) => number): FunnelLine {
  const steps = FUNNEL_STEPS.map((step, index): StepFigure => {
    const visitors = visitorsAt(step.waypointId);
    const previous = FUNNEL_STEPS[index - 1];
    return {
      stepId: step.id,
      label: step.label,
      visitors,
      fromPrevious: previous ? conversion(visitors, visitorsAt(previous.waypointId)) : null,
    };
  });
  const first = steps[0]?.visitors ?? 0;
  const last = steps[steps.length - 1]?.visitors ?? 0;
  return { steps, overall: conversion(last, first) };
}

const keyOf = (...parts: (string | boolean | null)[]) => JSON.stringify(parts);
const firstStepVisitors = (line: FunnelLine) => line.steps[0]?.visitors ?? 0;

// Most visited first, then by name, so that the report reads the same on every load.
function bySplitOrder(a: FunnelSplit, b: FunnelSplit): number {
  return (
    firstStepVisitors(b) - firstStepVisitors(a) || a.sourceLabel.localeCompare(b.sourceLabel) || Number(b.livemode) - Number(a.livemode)
  );
}

function byCampaignOrder(a: CampaignFunnel, b: CampaignFunnel): number {
  return firstStepVisitors(b.total) - firstStepVisitors(a.total) || (a.campaignId ?? '').localeCompare(b.campaignId ?? '');
}

/**
 * Builds the report: per campaign its total and one line per source × live/test split.
 * Campaigns and splits are ordered by visitors on the offer page, most first.
 */
export function computeFunnelReport(counts: FunnelCounts, range: ReportRange): FunnelReport {
  const campaignVisitors = new Map<string, number>();
  const campaignIds = new Map<string, string | null>();
  for (const row of counts.campaigns) {
    const campaignKey = keyOf(row.campaignId);
    campaignIds.set(campaignKey, row.campaignId);
    const countKey = keyOf(row.campaignId, row.waypointId);
    campaignVisitors.set(countKey, (campaignVisitors.get(countKey) ?? 0) + row.visitors);
  }

  const splitVisitors = new Map<string, number>();
  const splitsByCampaign = new Map<string, Map<string, { source: string | null; livemode: boolean }>>();
  for (const row of counts.splits) {
    // An empty source is the same as none: the visitor came without a targeter.
    const source = row.source ? row.source : null;
    const campaignKey = keyOf(row.campaignId);
    campaignIds.set(campaignKey, row.campaignId);
    const splitKey = keyOf(source, row.livemode);
    const splits = splitsByCampaign.get(campaignKey) ?? new Map<string, { source: string | null; livemode: boolean }>();
    splits.set(splitKey, { source, livemode: row.livemode });
    splitsByCampaign.set(campaignKey, splits);
    const countKey = keyOf(row.campaignId, source, row.livemode, row.waypointId);
    splitVisitors.set(countKey, (splitVisitors.get(countKey) ?? 0) + row.visitors);
  }

  const campaigns = [...campaignIds].map(([campaignKey, campaignId]): CampaignFunnel => {
    const splits = [...(splitsByCampaign.get(campaignKey)?.values() ?? [])]
      .map(({ source, livemode }): FunnelSplit => ({
        source,
        sourceLabel: source ?? DIRECT_SOURCE_LABEL,
        livemode,
        ...funnelLine((waypointId) => splitVisitors.get(keyOf(campaignId, source, livemode, waypointId)) ?? 0),
      }))
      .sort(bySplitOrder);
    return {
      campaignId,
      total: funnelLine((waypointId) => campaignVisitors.get(keyOf(campaignId, waypointId)) ?? 0),
      splits,
    };
  });
  campaigns.sort(byCampaignOrder);

  return { range: { from: range.from, to: range.to }, campaigns, sessionlessEvents: counts.sessionlessEvents };
}
