// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  computeFunnelReport,
  type CampaignWaypointCount,
  type FunnelWaypointId,
  type SplitWaypointCount,
} from '@/lib/reports/funnelReport';
import type { FunnelFilter } from '@/lib/reports/funnelFilter';
import type { FunnelReportView as FunnelReportData } from '@/lib/reports/funnelReportView';
import type { SchemaDriftEntry } from '@/lib/reports/schemaDrift';
import { computeOrderFigures } from '@/lib/reports/orderFigures';
import { computeSubscriptionFigures } from '@/lib/reports/subscriptionFigures';
import { computeSignInWall } from '@/lib/reports/signInWall';
import { orderLine } from '@/tests/fixtures/orderLines';
import { FunnelReportPage } from './FunnelReportPage';
import { FunnelReportView } from './FunnelReportView';

const STEPS: FunnelWaypointId[] = ['campaign', 'cart', 'credit-card', 'success'];
const split = (campaignId: string, source: string | null, livemode: boolean, visitors: number[]): SplitWaypointCount[] =>
  STEPS.map((waypointId, i) => ({ campaignId, source, livemode, waypointId, visitors: visitors[i]! }));
const total = (campaignId: string, visitors: number[]): CampaignWaypointCount[] =>
  STEPS.map((waypointId, i) => ({ campaignId, waypointId, visitors: visitors[i]! }));

const filter: FunnelFilter = { from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all' };

const drift: SchemaDriftEntry[] = [
  {
    eventName: 'checkout-started',
    kind: 'unknown-event',
    property: null,
    expectedType: null,
    observedType: null,
    firstSeen: '2025-03-02T08:15:00.000Z',
    lastSeen: '2025-03-03T09:00:00.000Z',
    count: 12,
  },
  {
    eventName: 'waypoint',
    kind: 'type-changed',
    property: 'depth',
    expectedType: 'number',
    observedType: 'string',
    firstSeen: '2025-03-04T10:00:00.000Z',
    lastSeen: '2025-03-05T11:30:00.000Z',
    count: 1500,
  },
];

/** Vogue's orders in dollars, live from the newsletter and test without a source; GQ's in pounds, by id as the options do not list it. */
const orders = computeOrderFigures({
  splits: [
    orderLine({
      campaignId: 'vogue-demo-single',
      source: 'newsletter',
      paidOrders: 3,
      revenue: 7500,
      promoOrders: 1,
      promoDiscount: 500,
      declinedOrders: 6,
      authentication: { requested: 4, succeeded: 1, failed: 1, declined: 1, unfinished: 1 },
    }),
    orderLine({ campaignId: 'vogue-demo-single', livemode: false, paidOrders: 1, revenue: 999 }),
    orderLine({ campaignId: 'gq-demo-gbp', currencyCode: 'GBP', paidOrders: 2, revenue: 3000 }),
  ],
  declines: [
    {
      campaignId: 'vogue-demo-single',
      source: 'newsletter',
      livemode: true,
      currencyCode: 'USD',
      failureCode: 'insufficient_funds',
      orders: 3,
    },
    {
      campaignId: 'vogue-demo-single',
      source: 'newsletter',
      livemode: true,
      currencyCode: 'USD',
      failureCode: 'authentication_failed',
      orders: 1,
    },
    { campaignId: 'vogue-demo-single', source: 'newsletter', livemode: true, currencyCode: 'USD', failureCode: 'do_not_honor', orders: 1 },
    { campaignId: 'vogue-demo-single', source: 'newsletter', livemode: true, currencyCode: 'USD', failureCode: 'expired_card', orders: 1 },
  ],
});

/** Two campaigns: Vogue with a newsletter and a direct split in live mode plus a test split; GQ, unknown to the catalogue's options. */
const fixture: FunnelReportData = {
  filter,
  campaignOptions: [
    { campaignId: 'vogue-demo-single', label: 'Vogue · /vogue/demo-single' },
    { campaignId: 'newyorker-demo-dual', label: 'The New Yorker · /newyorker/demo-dual' },
  ],
  report: computeFunnelReport(
    {
      splits: [
        ...split('vogue-demo-single', 'newsletter', true, [1200, 600, 300, 120]),
        ...split('vogue-demo-single', null, true, [800, 200, 50, 10]),
        ...split('vogue-demo-single', 'newsletter', false, [4, 4, 4, 4]),
        ...split('old-campaign', null, true, [10, 0, 0, 0]),
      ],
      campaigns: [...total('vogue-demo-single', [2004, 804, 354, 134]), ...total('old-campaign', [10, 0, 0, 0])],
      sessionlessEvents: 7,
    },
    filter,
  ),
  signInWall: computeSignInWall(
    [{ campaignId: 'epicurious-demo-preauth', visits: 40, atWall: 30, passed: 12 }],
    new Set(['epicurious-demo-preauth']),
  ),
  orders,
  subscriptions: computeSubscriptionFigures({ active: [], renewals: [], cancellations: [], endedUnpaid: [], collected: [] }, filter),
  drift,
  driftLimits: { shapesCompared: 7, shapesCut: false, differencesFound: 2 },
  cspViolations: [
    {
      page: '/vogue/demo-single/credit-card',
      directive: 'script-src-elem',
      blocked: 'https://evil.example',
      disposition: 'enforce',
      count: 3,
      lastSeen: '2026-11-20T10:00:00.000Z',
      source: null,
    },
  ],
  coupons: [
    {
      code: 'SPRING',
      scope: 'Brands vogue',
      livemode: true,
      redeemed: 2,
      held: 1,
      cap: 5,
      remaining: 2,
      perCustomerCap: 1,
      validFrom: null,
      validUntil: null,
    },
    {
      code: 'SPRING',
      scope: 'Brands vogue',
      livemode: false,
      redeemed: 1,
      held: 0,
      cap: 5,
      remaining: 4,
      perCustomerCap: 1,
      validFrom: null,
      validUntil: null,
    },
    {
      code: 'SAVE20',
      scope: 'Everywhere',
      livemode: true,
      redeemed: 7,
      held: 0,
      cap: null,
      remaining: null,
      perCustomerCap: null,
      validFrom: null,
      validUntil: null,
    },
  ],
  experiments: [],
};

describe('FunnelReportView', () => {
  it('names the period and the scope', () => {
    render(<FunnelReportView {...fixture} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Funnel report' })).toBeTruthy();
    expect(screen.getByText(/1 Mar 2025 – 31 Mar 2025 \(UTC\), all campaigns, live and test traffic/)).toBeTruthy();
  });

  it('draws one chart per campaign, named and described for screen readers', () => {
    render(<FunnelReportView {...fixture} />);
    const charts = screen.getAllByRole('img');
    expect(charts).toHaveLength(2);
    const vogue = screen.getByRole('img', { name: 'Funnel of Vogue · /vogue/demo-single, live and test traffic' });
    const description = document.getElementById(vogue.getAttribute('aria-describedby')!)!.textContent;
    expect(description).toBe(
      'Visitors per step: Offer page 2,004, Cart 804 (40.1% of the step before), Card details 354 (44.0% of the step before), Success 134 (37.9% of the step before). Overall conversion 6.7%.',
    );
    // The bars are drawn to scale: the busiest step fills the plot.
    const heights = [...vogue.querySelectorAll('rect')].map((rect) => Number(rect.getAttribute('height')));
    expect(heights[0]).toBe(Math.max(...heights));
    expect(heights[3]! / heights[0]!).toBeCloseTo(134 / 2004, 3);
    expect(within(vogue as unknown as HTMLElement).getByText('40.1% of previous')).toBeTruthy();
  });

  it('tables every source × mode split with visitors, step conversions and the campaign total', () => {
    render(<FunnelReportView {...fixture} />);
    const table = screen.getByRole('table', { name: 'Visitors per step by source and mode: Vogue · /vogue/demo-single' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Source', 'Mode', 'Offer page', 'Cart', 'Card details', 'Success', 'Overall']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'newsletter',
        'Live',
        '1,200',
        '600, 50.0% of the step before',
        '300, 50.0% of the step before',
        '120, 40.0% of the step before',
        '10.0%',
      ],
      ['(direct)', 'Live', '800', '200, 25.0% of the step before', '50, 25.0% of the step before', '10, 20.0% of the step before', '1.3%'],
      ['newsletter', 'Test', '4', '4, 100.0% of the step before', '4, 100.0% of the step before', '4, 100.0% of the step before', '100.0%'],
      [
        'All sources',
        'Live and test',
        '2,004',
        '804, 40.1% of the step before',
        '354, 44.0% of the step before',
        '134, 37.9% of the step before',
        '6.7%',
      ],
    ]);
    expect(within(table).getByRole('rowheader', { name: '(direct)' })).toBeTruthy();
  });

  it('shows "—" where nobody reached the step before, and a campaign the options do not list by its id', () => {
    render(<FunnelReportView {...fixture} />);
    const table = screen.getByRole('table', { name: 'Visitors per step by source and mode: old-campaign' });
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Live and test',
      '10',
      '0, 0.0% of the step before',
      '0, —nobody at the step before',
      '0, —nobody at the step before',
      '0.0%',
    ]);
    const chart = screen.getByRole('img', { name: /^Funnel of old-campaign/ });
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Visitors per step: Offer page 10, Cart 0 (0.0% of the step before), Card details 0 (nobody at the step before), Success 0 (nobody at the step before). Overall conversion 0.0%.',
    );
  });

  it('says how visitors are counted, with the events left out for want of a session id', () => {
    render(<FunnelReportView {...fixture} />);
    expect(screen.getByText('How visitors are counted')).toBeTruthy();
    expect(screen.getByText(/are left out: 7 in this period/)).toBeTruthy();
    expect(screen.getByText('7 waypoint events without a session id left out of the counts.')).toBeTruthy();
    expect(screen.getByText(/up to the furthest one their session reached/)).toBeTruthy();
  });

  it('offers the filter as a GET form holding the current choices', () => {
    render(<FunnelReportView {...fixture} filter={{ ...filter, campaignId: 'gone-campaign', mode: 'test' }} />);
    const form = screen.getByRole('form', { name: 'Report filter' });
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/admin/funnel');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-03-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2025-03-31');
    const campaign = screen.getByLabelText('Campaign') as HTMLSelectElement;
    expect(campaign.value).toBe('gone-campaign');
    expect([...campaign.options].map((o) => o.value)).toEqual(['', 'vogue-demo-single', 'newyorker-demo-dual', 'gone-campaign']);
    expect((screen.getByLabelText('Traffic') as HTMLSelectElement).value).toBe('test');
    expect(screen.getByRole('button', { name: 'Show report' })).toBeTruthy();
  });

  it('offers the variant filter and the CSV of every table, for the filter shown', () => {
    render(<FunnelReportView {...fixture} filter={{ ...filter, campaignId: 'vogue-demo-single', variant: 'B' }} />);
    const variant = screen.getByLabelText('Variant') as HTMLSelectElement;
    expect(variant.value).toBe('B');
    expect([...variant.options].map((o) => o.textContent)).toEqual(['All variants', 'A (control)', 'B', 'C', 'D']);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/operator/reports/funnel-csv?from=2025-03-01&to=2025-03-31&campaign=vogue-demo-single&mode=all&variant=B',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Experiments' })).toBeTruthy();
  });

  it("tables each campaign's orders per source, mode and currency, with its totals per mode and currency", () => {
    render(<FunnelReportView {...fixture} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Orders' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Orders by source, mode and currency: Vogue · /vogue/demo-single' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Source',
      'Mode',
      'Currency',
      'Paid',
      'Promo codes',
      'Declines',
      '3-D Secure',
      'Orders',
      'Revenue',
      'Orders',
      'Discount',
      'Orders',
      'Most common reasons',
      'Asked',
      'Paid',
      'Failed',
      'Declined after',
      'Not finished',
    ]);
    expect(within(table).getAllByRole('columnheader', { name: 'Paid' })[0]!.getAttribute('scope')).toBe('colgroup');
    const rows = within(table)
      .getAllByRole('row')
      .slice(2)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    const reasons = 'Insufficient funds: 3Failed 3-D Secure: 1do_not_honor: 1Other reasons: 1';
    expect(rows).toEqual([
      ['newsletter', 'Live', 'USD', '3', '$75.00', '1', '$5.00', '6', reasons, '4', '1', '1', '1', '1'],
      ['(direct)', 'Test', 'USD', '1', '$9.99', '0', '$0.00', '0', '—', '0', '0', '0', '0', '0'],
      // Live and test are totalled apart, never together.
      ['All sources', 'Live', 'USD', '3', '$75.00', '1', '$5.00', '6', reasons, '4', '1', '1', '1', '1'],
      ['All sources', 'Test', 'USD', '1', '$9.99', '0', '$0.00', '0', '—', '0', '0', '0', '0', '0'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'newsletter' })).toBeTruthy();
  });

  it("writes each currency's money in that currency, and names a campaign the options do not list by its id", () => {
    render(<FunnelReportView {...fixture} />);
    const table = screen.getByRole('table', { name: 'Orders by source, mode and currency: gq-demo-gbp' });
    const total = within(table).getAllByRole('row').at(-1)!;
    expect([...total.querySelectorAll('th, td')].slice(0, 5).map((cell) => cell.textContent)).toEqual([
      'All sources',
      'Live',
      'GBP',
      '2',
      '£30.00',
    ]);
    expect(screen.getByText('How orders are counted')).toBeTruthy();
  });

  it('says so when there were no orders', () => {
    render(<FunnelReportView {...fixture} filter={{ ...filter, mode: 'live' }} orders={{ campaigns: [] }} />);
    expect(screen.getByRole('heading', { name: 'No orders in this period' })).toBeTruthy();
    expect(
      screen.getByText('No order of all campaigns was paid, declined or asked for 3-D Secure in this period (live traffic only).'),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: /^Orders by source/ })).toBeNull();
  });

  it("counts the pre-auth campaign's visits and the sign-in wall's drop-off", () => {
    render(<FunnelReportView {...fixture} />);
    const table = screen.getByRole('table', { name: /^Sign-in wall/ });
    const row = within(table).getByRole('row', { name: /epicurious-demo-preauth \(pre-auth\)/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['40', '30', '12', '18', '60.0%']);
  });

  it('says when no visitor met a sign-in wall', () => {
    render(<FunnelReportView {...fixture} signInWall={[]} />);
    expect(screen.getByText('No visitor met a sign-in wall in this period.')).toBeTruthy();
  });

  it('follows the orders with the subscriptions, saying so when there were none', () => {
    render(<FunnelReportView {...fixture} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Subscriptions' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'No subscriptions in this period.' })).toBeTruthy();
  });

  it('lists the schema drift', () => {
    render(<FunnelReportView {...fixture} />);
    const table = screen.getByRole('table', { name: 'Schema drift: 2 differences' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['checkout-started', 'Unknown event', '—', '—', '—', '2025-03-02 08:15 UTC', '2025-03-03 09:00 UTC', '12'],
      ['waypoint', 'Type changed', 'depth', 'number', 'string', '2025-03-04 10:00 UTC', '2025-03-05 11:30 UTC', '1,500'],
    ]);
  });

  it('says when there is no drift', () => {
    render(<FunnelReportView {...fixture} drift={[]} driftLimits={{ shapesCompared: 7, shapesCut: false, differencesFound: 0 }} />);
    expect(screen.getByText('No drift: the event shapes seen in this period match the catalogue.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Schema drift/ })).toBeNull();
  });

  it('says nothing is left out when the drift list is complete', () => {
    render(<FunnelReportView {...fixture} />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says when the drift list is cut, to the most recently seen shapes and differences', () => {
    render(<FunnelReportView {...fixture} driftLimits={{ shapesCompared: 200, shapesCut: true, differencesFound: 1234 }} />);
    expect(screen.getByRole('note').textContent).toBe(
      'Only the 200 most recently seen event shapes of this period were compared; older shapes are left out. The list shows the 2 most recently seen of 1,234 differences. Narrow the period to see the rest.',
    );
    expect(screen.getByRole('table', { name: 'Schema drift: 2 differences of 1,234' })).toBeTruthy();
  });

  it('does not claim there is no drift when the shapes compared were cut', () => {
    render(<FunnelReportView {...fixture} drift={[]} driftLimits={{ shapesCompared: 200, shapesCut: true, differencesFound: 0 }} />);
    expect(screen.getByText('No drift among the 200 most recently seen event shapes of this period.')).toBeTruthy();
    expect(screen.queryByText(/match the catalogue/)).toBeNull();
  });

  it('shows an empty state without charts when nobody came', () => {
    const empty = {
      ...fixture,
      filter: { ...filter, mode: 'live' as const, campaignId: 'vogue-demo-single' },
      report: computeFunnelReport({ splits: [], campaigns: [], sessionlessEvents: 0 }, filter),
    };
    render(<FunnelReportView {...empty} />);
    expect(screen.getByRole('heading', { name: 'No funnel visits in this period' })).toBeTruthy();
    expect(screen.getByText(/No visitor of Vogue · \/vogue\/demo-single reached/)).toBeTruthy();
    expect(screen.getByText('Try a longer period, or include both live and test traffic.')).toBeTruthy();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });
});

describe('FunnelReportPage', () => {
  it.each([
    [403, 'This report is for marketers', 'Your role does not open this page.'],
    [405, 'Not allowed', 'This page can only be opened, not sent data.'],
    [
      400,
      'This report link is not quite right',
      'The "mode" parameter must be "all", "live" or "test". Please correct the link or use the form.',
    ],
  ] as const)('explains a %i in words', (status, title, message) => {
    const given = status === 400 ? 'The "mode" parameter must be "all", "live" or "test".' : message;
    render(<FunnelReportPage kind="refused" status={status} message={given} />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('renders the report', () => {
    render(<FunnelReportPage kind="report" {...fixture} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Funnel report' })).toBeTruthy();
  });

  it('lists what browsers blocked, with where and how often, or says nothing was', () => {
    const { unmount } = render(<FunnelReportView {...fixture} />);
    const table = screen.getByRole('region', { name: 'Blocked scripts and content, by page' });
    expect(table.textContent).toContain('/vogue/demo-single/credit-card');
    expect(table.textContent).toContain('https://evil.example');
    expect(table.textContent).toContain('script-src-elem');
    unmount();
    render(<FunnelReportView {...fixture} cspViolations={[]} />);
    expect(screen.getByText('Nothing was blocked in this period.')).toBeTruthy();
  });

  it('lists each promo code with its redemptions, cap and what remains, live and test apart', () => {
    render(<FunnelReportView {...fixture} />);
    const cells = (id: string) => [...screen.getByTestId(id).querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(screen.getByRole('region', { name: 'Promo codes and their redemptions' })).toBeTruthy();
    expect(cells('coupon-SPRING-live')).toEqual(['SPRING', 'Brands vogue', 'Always', '2', '1', '5', '2', '1']);
    expect(cells('coupon-SPRING-test')).toEqual(['SPRING Test', 'Brands vogue', 'Always', '1', '0', '5', '4', '1']);
    expect(cells('coupon-SAVE20-live')).toEqual(['SAVE20', 'Everywhere', 'Always', '7', '0', 'No cap', '—', 'No cap']);
  });
});
