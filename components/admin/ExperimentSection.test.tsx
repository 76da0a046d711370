// @vitest-environment jsdom
import { experimentFixture } from '@/tests/fixtures/experiments';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Experiment } from '@/lib/experiments/experiment';
import { computeExperimentReports, type ExperimentCounts } from '@/lib/reports/experimentReport';
import { ExperimentSection } from './ExperimentSection';

const march = { from: '2025-03-01', to: '2025-03-31' };
const ID = 'exp_00000000000000a1';

const experiment: Experiment = experimentFixture({ id: ID, startedAt: '2025-03-02T09:00:00.000Z' });

/** A: 1,000 visitors, 50 orders in dollars; B: 1,000 visitors, 90 orders in dollars and pounds. */
const counts: ExperimentCounts = {
  experiments: [experiment],
  visitors: [
    { experimentId: ID, variantKey: 'A', visitors: 1000 },
    { experimentId: ID, variantKey: 'B', visitors: 1000 },
  ],
  steps: [
    { experimentId: ID, variantKey: 'A', waypointId: 'campaign', sessions: 800 },
    { experimentId: ID, variantKey: 'A', waypointId: 'cart', sessions: 400 },
    { experimentId: ID, variantKey: 'A', waypointId: 'credit-card', sessions: 100 },
    { experimentId: ID, variantKey: 'A', waypointId: 'success', sessions: 50 },
    { experimentId: ID, variantKey: 'B', waypointId: 'campaign', sessions: 900 },
    { experimentId: ID, variantKey: 'B', waypointId: 'cart', sessions: 450 },
    { experimentId: ID, variantKey: 'B', waypointId: 'credit-card', sessions: 180 },
    { experimentId: ID, variantKey: 'B', waypointId: 'success', sessions: 90 },
  ],
  orders: [
    { experimentId: ID, variantKey: 'A', currencyCode: 'USD', orders: 50, netRevenue: 125_000 },
    { experimentId: ID, variantKey: 'B', currencyCode: 'USD', orders: 80, netRevenue: 160_000 },
    { experimentId: ID, variantKey: 'B', currencyCode: 'GBP', orders: 10, netRevenue: 15_000 },
  ],
};

const labelOf = (campaignId: string) => (campaignId === 'vogue-demo-single' ? 'Vogue · /vogue/demo-single' : campaignId);

function renderSection(experiments = computeExperimentReports(counts, march), variant: 'A' | 'B' | 'C' | null = null) {
  return render(
    <ExperimentSection
      experiments={experiments}
      labelOf={labelOf}
      firstDay={march.from}
      scope="all campaigns"
      modeDescription="live traffic only"
      variant={variant}
    />,
  );
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('ExperimentSection', () => {
  it('tables each experiment’s variants under a caption naming it, with the verdict below', () => {
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Experiments' })).toBeTruthy();
    expect(screen.getByText('Vogue · /vogue/demo-single. Running, started 2025-03-02 09:00 UTC.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Experiment: Lower price' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Variant',
      'Visitors',
      'Offer page',
      'Cart',
      'Card details',
      'Success',
      'Orders',
      'Order rate',
      'Revenue per visitor (net of tax)',
      'Chance of being best',
    ]);
    const [, a, b] = within(table).getAllByRole('row');
    const [chanceA, chanceB] = computeExperimentReports(counts, march)[0]!.variants.map((line) => line.probabilityBest!.label);
    expect(cellsOf(a!)).toEqual([
      'A (control), version 3 · 50% of the visitors',
      '1,000',
      '800',
      "400, 50.0% of the offer page's sessions",
      "100, 12.5% of the offer page's sessions",
      "50, 6.3% of the offer page's sessions",
      '50',
      '5.0%',
      '$1.25',
      chanceA,
    ]);
    // One line per currency, never added together.
    expect(cellsOf(b!).slice(6)).toEqual(['90', '9.0%', '£0.15$1.60', chanceB]);
    expect([...b!.querySelectorAll('td')][7]!.querySelectorAll('span')).toHaveLength(2);
    expect(within(table).getByRole('rowheader', { name: 'B, version 4 · 50% of the visitors' })).toBeTruthy();
    expect(chanceB).toBe('> 99.9%');
    expect(screen.getByText('Variant B leads, with a chance above 99.9% of the best order rate.')).toBeTruthy();
  });

  it('says there is not enough data yet below the minimum', () => {
    renderSection(computeExperimentReports({ ...counts, orders: [] }, march));
    expect(screen.getByText('Not enough data yet: every variant needs 200 visitors and 20 orders.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Experiment: Lower price' });
    expect(cellsOf(within(table).getAllByRole('row')[1]!).slice(6, 9)).toEqual(['0', '0.0%', '—']);
  });

  it('shows the filter’s variant only and says the verdict needs every variant', () => {
    renderSection(computeExperimentReports(counts, march, 'B'), 'B');
    const table = screen.getByRole('table', { name: 'Experiment: Lower price' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('rowheader', { name: /^B/ })).toBeTruthy();
    expect(screen.getByText('The verdict compares every variant: show all variants to see it.')).toBeTruthy();
    expect(screen.getByText(/Variant B only: the tables above count every visitor\./)).toBeTruthy();
  });

  it('says so when the experiment has no such variant', () => {
    renderSection(computeExperimentReports(counts, march, 'C'), 'C');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('no variant C; its variants are A, B.')).toBeTruthy();
  });

  it('names the variant kept and warns when the experiment started before the period', () => {
    const stopped = {
      ...experiment,
      status: 'stopped' as const,
      stoppedAt: '2025-03-20T10:00:00.000Z',
      winnerKey: 'B' as const,
      winnerVersion: 5,
    };
    renderSection(computeExperimentReports({ ...counts, experiments: [stopped] }, { from: '2025-03-10', to: '2025-03-31' }));
    expect(
      screen.getByText(
        'Vogue · /vogue/demo-single. Stopped, started 2025-03-02 09:00 UTC, stopped 2025-03-20 10:00 UTC; variant B kept (version 5). It started before 1 Mar 2025: visitors enrolled earlier are not counted, their orders in this period are.',
      ),
    ).toBeTruthy();
  });

  it('says so when no experiment ran', () => {
    renderSection([]);
    expect(screen.getByRole('heading', { level: 3, name: 'No experiments in this period' })).toBeTruthy();
    expect(screen.getByText('No experiment of all campaigns ran in this period (live traffic only).')).toBeTruthy();
  });

  it('keeps each table in a region of its own that scrolls sideways on a phone, as the other report tables', () => {
    renderSection();
    const region = screen.getByRole('region', { name: 'Experiment: Lower price' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toContain('scroll');
    expect(region.querySelector('table')).toBeTruthy();
  });
});
