import { experimentFixture } from '@/tests/fixtures/experiments';
import { describe, expect, it } from 'vitest';
import type { Experiment } from '@/lib/experiments/experiment';
import type { FunnelWaypointId } from './funnelReport';
import {
  chanceOf,
  computeExperimentReports,
  NOT_ENOUGH_DATA,
  notComparableVerdict,
  noVariantsText,
  ranDuring,
  VERDICT_NEEDS_EVERY_VARIANT,
  type ExperimentCounts,
  type VariantStepCount,
} from './experimentReport';

const march = { from: '2025-03-01', to: '2025-03-31' };
const ID = 'exp_00000000000000a1';

const experiment: Experiment = experimentFixture({
  id: ID,
  variants: [
    { key: 'A', version: 3, weight: 60 },
    { key: 'B', version: 4, weight: 40 },
  ],
});

const WAYPOINTS: FunnelWaypointId[] = ['campaign', 'cart', 'credit-card', 'success'];
const steps = (variantKey: string, sessions: number[]): VariantStepCount[] =>
  WAYPOINTS.map((waypointId, i) => ({ experimentId: ID, variantKey, waypointId, sessions: sessions[i]! }));

/** A: 1,000 visitors, 50 orders; B: 1,000 visitors, 90 orders (dollars, and a few Canadian). */
const counts: ExperimentCounts = {
  experiments: [experiment],
  visitors: [
    { experimentId: ID, variantKey: 'A', visitors: 1000 },
    { experimentId: ID, variantKey: 'B', visitors: 1000 },
  ],
  steps: [...steps('A', [800, 400, 100, 50]), ...steps('B', [820, 500, 200, 90])],
  orders: [
    { experimentId: ID, variantKey: 'A', currencyCode: 'USD', orders: 50, netRevenue: 125_000 },
    { experimentId: ID, variantKey: 'B', currencyCode: 'USD', orders: 85, netRevenue: 170_000 },
    { experimentId: ID, variantKey: 'B', currencyCode: 'CAD', orders: 5, netRevenue: 10_000 },
  ],
};

describe('computeExperimentReports', () => {
  it('lines up each variant’s visitors, steps, orders, revenue per visitor and chance of being best, and names the leader', () => {
    const [report] = computeExperimentReports(counts, march);
    expect(report).toMatchObject({
      experimentId: ID,
      campaignId: 'vogue-demo-single',
      name: 'Lower price',
      status: 'running',
      variantCount: 2,
      shownVariant: null,
      startsBeforePeriod: false,
      leader: 'B',
    });
    const [a, b] = report!.variants;
    expect(a).toMatchObject({ key: 'A', control: true, version: 3, weight: 60, visitors: 1000, orders: 50 });
    expect(a!.steps.map((step) => [step.label, step.sessions, step.fromOffer?.label ?? null])).toEqual([
      ['Offer page', 800, null],
      ['Cart', 400, '50.0%'],
      ['Card details', 100, '12.5%'],
      ['Success', 50, '6.3%'],
    ]);
    expect(a!.orderRate).toEqual({ ratio: 0.05, label: '5.0%' });
    expect(a!.revenuePerVisitor).toEqual([{ currencyCode: 'USD', amount: 125 }]);
    expect(b).toMatchObject({ key: 'B', control: false, orders: 90, orderRate: { label: '9.0%' } });
    // Never added across currencies; by code.
    expect(b!.revenuePerVisitor).toEqual([
      { currencyCode: 'CAD', amount: 10 },
      { currencyCode: 'USD', amount: 170 },
    ]);
    expect(b!.probabilityBest!.ratio).toBeGreaterThan(0.99);
    expect(a!.probabilityBest!.ratio! + b!.probabilityBest!.ratio!).toBeCloseTo(1, 12);
    expect(b!.probabilityBest!.label).toBe('> 99.9%');
    expect(report!.verdict).toBe('Variant B leads, with a chance above 99.9% of the best order rate.');
  });

  it('says there is not enough data until every variant has 200 visitors and 20 orders, showing the figures all the same', () => {
    const few: ExperimentCounts = {
      ...counts,
      orders: [
        { experimentId: ID, variantKey: 'A', currencyCode: 'USD', orders: 19, netRevenue: 47_500 },
        { experimentId: ID, variantKey: 'B', currencyCode: 'USD', orders: 90, netRevenue: 180_000 },
      ],
    };
    const [report] = computeExperimentReports(few, march);
    expect(report!.leader).toBeNull();
    expect(report!.verdict).toBe('Not enough data yet: every variant needs 200 visitors and 20 orders.');
    expect(NOT_ENOUGH_DATA).toBe(report!.verdict);
    expect(report!.variants.map((line) => line.probabilityBest?.ratio)).toEqual([expect.any(Number), expect.any(Number)]);
  });

  it('shows a variant without visitors, steps or orders with zeros and dashes', () => {
    const [report] = computeExperimentReports({ experiments: [experiment], visitors: [], steps: [], orders: [] }, march);
    expect(report!.variants.map((line) => [line.key, line.visitors, line.orders, line.orderRate.label, line.revenuePerVisitor])).toEqual([
      ['A', 0, 0, '—', []],
      ['B', 0, 0, '—', []],
    ]);
    expect(report!.variants[0]!.steps.map((step) => step.fromOffer?.label ?? null)).toEqual([null, '—', '—', '—']);
    expect(report!.variants.map((line) => line.probabilityBest?.label)).toEqual(['50.0%', '50.0%']);
    expect(report!.verdict).toBe(NOT_ENOUGH_DATA);
  });

  it('shows only the filter’s variant, its chance still against every variant, and leaves the verdict to the view of all', () => {
    const [all] = computeExperimentReports(counts, march);
    const [one] = computeExperimentReports(counts, march, 'A');
    expect(one!.variants).toEqual([all!.variants[0]]);
    expect(one).toMatchObject({ shownVariant: 'A', variantCount: 2, leader: 'B', verdict: VERDICT_NEEDS_EVERY_VARIANT });
    const [missing] = computeExperimentReports(counts, march, 'C');
    expect(missing!.variants).toEqual([]);
    expect(noVariantsText(missing!)).toBe('no variant C; its variants are A, B.');
  });

  it('compares nothing when a variant has more orders than visitors enrolled in the period (buyers enrolled before it)', () => {
    const cut: ExperimentCounts = {
      experiments: [{ ...experiment, startedAt: '2025-02-01T09:00:00.000Z' }],
      visitors: [
        { experimentId: ID, variantKey: 'A', visitors: 3 },
        { experimentId: ID, variantKey: 'B', visitors: 300 },
      ],
      steps: [],
      orders: [{ experimentId: ID, variantKey: 'A', currencyCode: 'USD', orders: 5, netRevenue: 12_500 }],
    };
    const [report] = computeExperimentReports(cut, march);
    expect(report).toMatchObject({ startsBeforePeriod: true, leader: null, verdict: notComparableVerdict('2025-02-01T09:00:00.000Z') });
    expect(report!.verdict).toContain('Start the period on 2025-02-01');
    expect(report!.variants.map((line) => [line.orderRate.label, line.probabilityBest])).toEqual([
      ['166.7%', null],
      ['0.0%', null],
    ]);
  });

  it('shows an experiment read without variants as empty rather than failing the report', () => {
    const [report] = computeExperimentReports({ ...counts, experiments: [{ ...experiment, variants: [] }] }, march);
    expect(report).toMatchObject({ variants: [], variantCount: 0, leader: null, verdict: NOT_ENOUGH_DATA });
    expect(noVariantsText(report!)).toBe('no variants.');
  });

  it('keeps the experiments in the order given and counts each its own', () => {
    const other: Experiment = { ...experiment, id: 'exp_00000000000000b2', name: 'New headline' };
    const reports = computeExperimentReports({ ...counts, experiments: [other, experiment] }, march);
    expect(reports.map((report) => [report.name, report.variants[0]!.visitors])).toEqual([
      ['New headline', 0],
      ['Lower price', 1000],
    ]);
  });
});

describe('chanceOf', () => {
  it.each([
    [0.5, '50.0%'],
    [0.9734, '97.3%'],
    [0.999, '99.9%'],
    [0.9996, '> 99.9%'],
    [0.0004, '< 0.1%'],
  ])('writes %s as %s', (probability, label) => {
    expect(chanceOf(probability)).toEqual({ ratio: probability, label });
  });

  it('names a leader below certainty with its chance', () => {
    const close: ExperimentCounts = {
      ...counts,
      orders: [
        { experimentId: ID, variantKey: 'A', currencyCode: 'USD', orders: 50, netRevenue: 0 },
        { experimentId: ID, variantKey: 'B', currencyCode: 'USD', orders: 60, netRevenue: 0 },
      ],
    };
    const [report] = computeExperimentReports(close, march);
    const chance = report!.variants[1]!.probabilityBest!.label;
    expect(chance).toMatch(/^\d\d\.\d%$/);
    expect(report!.verdict).toBe(`Variant B leads, with a ${chance} chance of the best order rate.`);
  });
});

describe('ranDuring', () => {
  it.each([
    ['started in the period', '2025-03-31T23:59:59.999Z', null, true],
    ['started after it', '2025-04-01T00:00:00.000Z', null, false],
    ['started before it, still running', '2025-01-01T00:00:00.000Z', null, true],
    ['stopped on its first day', '2025-01-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z', true],
    ['stopped before it', '2025-01-01T00:00:00.000Z', '2025-02-28T23:59:59.999Z', false],
  ])('%s: %s', (_name, startedAt, stoppedAt, expected) => {
    expect(ranDuring({ startedAt, stoppedAt }, march)).toBe(expected);
  });
});
