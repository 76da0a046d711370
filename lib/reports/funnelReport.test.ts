import { describe, expect, it } from 'vitest';
import {
  computeFunnelReport,
  conversion,
  type CampaignWaypointCount,
  type FunnelCounts,
  type FunnelLine,
  type FunnelWaypointId,
  type SplitWaypointCount,
} from './funnelReport';

const range = { from: '2025-03-01', to: '2025-03-31' };
const WAYPOINTS: FunnelWaypointId[] = ['campaign', 'cart', 'credit-card', 'success'];

/** Counts for the four steps in order, as split rows. */
function split(campaignId: string | null, source: string | null, livemode: boolean, visitors: number[]): SplitWaypointCount[] {
  return WAYPOINTS.map((waypointId, i) => ({ campaignId, source, livemode, waypointId, visitors: visitors[i] ?? 0 })).filter(
    (row) => row.visitors > 0,
  );
}

function total(campaignId: string | null, visitors: number[]): CampaignWaypointCount[] {
  return WAYPOINTS.map((waypointId, i) => ({ campaignId, waypointId, visitors: visitors[i] ?? 0 })).filter((row) => row.visitors > 0);
}

const visitorsOf = (line: FunnelLine) => line.steps.map((step) => step.visitors);
const stepLabelsOf = (line: FunnelLine) => line.steps.map((step) => step.fromPrevious?.label ?? null);

describe('conversion', () => {
  it.each([
    [50, 100, '50.0%'],
    [1, 3, '33.3%'],
    [2, 3, '66.7%'],
    [0, 7, '0.0%'],
    [7, 7, '100.0%'],
    [3, 2, '150.0%'],
    [1, 1000, '0.1%'],
    [1, 20000, '0.0%'],
    [0, 0, '—'],
    [5, 0, '—'],
  ])('%i of %i is %s', (visitors, before, label) => {
    expect(conversion(visitors, before).label).toBe(label);
  });

  it('keeps the ratio for charts and null when there was no one to convert', () => {
    expect(conversion(1, 4).ratio).toBe(0.25);
    expect(conversion(0, 0).ratio).toBeNull();
  });
});

describe('computeFunnelReport', () => {
  it('gives an empty report when nothing was counted', () => {
    expect(computeFunnelReport({ splits: [], campaigns: [], sessionlessEvents: 0 }, range)).toEqual({
      range,
      campaigns: [],
      sessionlessEvents: 0,
    });
  });

  it.each<{ name: string; steps: number[]; fromPrevious: (string | null)[]; overall: string }>([
    { name: 'a full funnel', steps: [200, 100, 50, 10], fromPrevious: [null, '50.0%', '50.0%', '20.0%'], overall: '5.0%' },
    { name: 'nobody beyond the offer page', steps: [40, 0, 0, 0], fromPrevious: [null, '0.0%', '—', '—'], overall: '0.0%' },
    // Visitors who open the cart from a link count at the cart without the offer page.
    { name: 'visitors entering at the cart', steps: [0, 5, 3, 1], fromPrevious: [null, '—', '60.0%', '33.3%'], overall: '—' },
    {
      name: 'more at a later step than before it',
      steps: [10, 12, 12, 12],
      fromPrevious: [null, '120.0%', '100.0%', '100.0%'],
      overall: '120.0%',
    },
  ])('computes steps and conversions for $name', ({ steps, fromPrevious, overall }) => {
    const counts: FunnelCounts = { splits: split('c1', null, true, steps), campaigns: total('c1', steps), sessionlessEvents: 0 };
    const [campaign] = computeFunnelReport(counts, range).campaigns;
    expect(campaign!.campaignId).toBe('c1');
    for (const line of [campaign!.total, campaign!.splits[0]!]) {
      expect(visitorsOf(line)).toEqual(steps);
      expect(stepLabelsOf(line)).toEqual(fromPrevious);
      expect(line.overall.label).toBe(overall);
    }
    expect(campaign!.total.steps.map((s) => [s.stepId, s.label])).toEqual([
      ['offer', 'Offer page'],
      ['cart', 'Cart'],
      ['card', 'Card details'],
      ['success', 'Success'],
    ]);
  });

  it('splits a campaign by source and by live/test, naming a missing source "(direct)"', () => {
    const counts: FunnelCounts = {
      splits: [
        ...split('c1', 'newsletter', true, [30, 20, 10, 5]),
        ...split('c1', null, true, [50, 10, 5, 1]),
        ...split('c1', '', true, [10, 0, 0, 0]),
        ...split('c1', 'newsletter', false, [30, 30, 30, 30]),
      ],
      // One visitor came from two sources: the campaign counts them once.
      campaigns: total('c1', [119, 60, 45, 36]),
      sessionlessEvents: 3,
    };
    const report = computeFunnelReport(counts, range);
    expect(report.sessionlessEvents).toBe(3);
    const [campaign] = report.campaigns;
    expect(visitorsOf(campaign!.total)).toEqual([119, 60, 45, 36]);
    expect(campaign!.total.overall.label).toBe('30.3%');
    expect(campaign!.splits.map((s) => [s.sourceLabel, s.source, s.livemode, visitorsOf(s), s.overall.label])).toEqual([
      // Empty and missing sources are the same split: direct.
      ['(direct)', null, true, [60, 10, 5, 1], '1.7%'],
      ['newsletter', 'newsletter', true, [30, 20, 10, 5], '16.7%'],
      ['newsletter', 'newsletter', false, [30, 30, 30, 30], '100.0%'],
    ]);
  });

  it('orders campaigns by offer-page visitors, then by id, and keeps events without a campaign apart', () => {
    const counts: FunnelCounts = {
      splits: [
        ...split('small', null, true, [5]),
        ...split(null, null, true, [7]),
        ...split('big', null, true, [90, 1]),
        ...split('also-small', null, true, [5]),
      ],
      campaigns: [...total('small', [5]), ...total(null, [7]), ...total('big', [90, 1]), ...total('also-small', [5])],
      sessionlessEvents: 0,
    };
    expect(computeFunnelReport(counts, range).campaigns.map((c) => c.campaignId)).toEqual(['big', null, 'also-small', 'small']);
  });

  it('echoes the period it covers', () => {
    expect(
      computeFunnelReport({ splits: [], campaigns: [], sessionlessEvents: 0 }, { from: '2025-01-01', to: '2025-01-01' }).range,
    ).toEqual({
      from: '2025-01-01',
      to: '2025-01-01',
    });
  });
});
