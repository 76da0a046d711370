// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeSubscriptionFigures, type SubscriptionCounts } from '@/lib/reports/subscriptionFigures';
import { SubscriptionFiguresSection } from './SubscriptionFiguresSection';

const march = { from: '2025-03-01', to: '2025-03-31' };
const none: SubscriptionCounts = { active: [], renewals: [], cancellations: [], endedUnpaid: [], collected: [] };

/** Vogue live in dollars and euros, and in test; GQ live in pounds. */
const counts: SubscriptionCounts = {
  active: [
    {
      brandSlug: 'vogue',
      livemode: true,
      currencyCode: 'USD',
      trialing: 2,
      paying: 1200,
      pastDue: 30,
      monthlyAmounts: 1_000_000,
      yearlyAmounts: 1_200_000,
    },
    {
      brandSlug: 'vogue',
      livemode: true,
      currencyCode: 'EUR',
      trialing: 0,
      paying: 10,
      pastDue: 0,
      monthlyAmounts: 9990,
      yearlyAmounts: 0,
    },
    { brandSlug: 'vogue', livemode: false, currencyCode: 'USD', trialing: 1, paying: 0, pastDue: 0, monthlyAmounts: 0, yearlyAmounts: 0 },
    { brandSlug: 'gq', livemode: true, currencyCode: 'GBP', trialing: 0, paying: 3, pastDue: 0, monthlyAmounts: 2700, yearlyAmounts: 0 },
  ],
  renewals: [
    {
      brandSlug: 'vogue',
      livemode: true,
      currencyCode: 'USD',
      paid: 40,
      paidAmount: 43_200,
      recovered: 5,
      recoveredAmount: 5400,
      failed: 7,
    },
  ],
  cancellations: [
    { brandSlug: 'vogue', livemode: true, reason: 'Too expensive', cancellations: 4 },
    { brandSlug: 'vogue', livemode: true, reason: 'Other', cancellations: 1 },
  ],
  endedUnpaid: [{ brandSlug: 'vogue', livemode: true, subscriptions: 2 }],
  collected: [
    { brandSlug: 'vogue', livemode: true, currencyCode: 'USD', month: '2025-03', kind: 'purchase', payments: 3, amount: 7500 },
    { brandSlug: 'vogue', livemode: true, currencyCode: 'USD', month: '2025-03', kind: 'renewal', payments: 40, amount: 43_200 },
    { brandSlug: 'vogue', livemode: true, currencyCode: 'EUR', month: '2025-03', kind: 'renewal', payments: 1, amount: 999 },
  ],
};

const brandNames = new Map([
  ['vogue', 'Vogue'],
  ['gq', 'GQ'],
]);

function renderSection(subscriptionCounts: SubscriptionCounts) {
  return render(
    <SubscriptionFiguresSection
      subscriptions={computeSubscriptionFigures(subscriptionCounts, march, brandNames)}
      lastDay={march.to}
      scope="all campaigns"
      modeDescription="live and test traffic"
    />,
  );
}

/** A table's body rows, cell by cell, as a reader sees them. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('SubscriptionFiguresSection', () => {
  it('counts the subscribers at the end of the period per brand and mode', () => {
    renderSection(counts);
    const table = screen.getByRole('table', { name: 'Active subscribers at the end of 31 Mar 2025' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Brand', 'Mode', 'In trial', 'Paying', 'Past due', 'Total']);
    expect(rowsOf(table)).toEqual([
      ['GQ', 'Live', '0', '3', '0', '3'],
      ['Vogue', 'Live', '2', '1,210', '30', '1,242'],
      ['Vogue', 'Test', '1', '0', '0', '1'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'GQ' })).toBeTruthy();
  });

  it('shows recurring revenue per currency, formatted in that currency, never added across them', () => {
    renderSection(counts);
    const table = screen.getByRole('table', { name: 'Monthly recurring revenue at the end of 31 Mar 2025' });
    expect(rowsOf(table)).toEqual([
      ['GQ', 'Live', 'GBP', '3', '£27.00'],
      ['Vogue', 'Live', 'EUR', '10', '€99.90'],
      // 10,000.00 a month and 12,000.00 a year: 11,000.00 a month.
      ['Vogue', 'Live', 'USD', '1,230', '$11,000.00'],
    ]);
  });

  it('heads the renewals by group, so that each figure is read with its group', () => {
    renderSection(counts);
    const table = screen.getByRole('table', { name: 'Renewals' });
    const groups = within(table)
      .getAllByRole('columnheader')
      .filter((th) => th.getAttribute('scope') === 'colgroup')
      .map((th) => th.textContent);
    expect(groups).toEqual(['Paid', 'Of which recovered', 'Failed']);
    expect(rowsOf(table)).toEqual([['Vogue', 'Live', 'USD', '40', '$432.00', '5', '$54.00', '7']]);
  });

  it('lays cancellations out by reason, with the subscriptions that ended unpaid', () => {
    renderSection(counts);
    const table = screen.getByRole('table', { name: 'Cancellations by reason, and subscriptions ended unpaid' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toContain('Too expensive');
    expect(headers).toContain('Other');
    expect(headers).toContain('No reason given');
    expect(rowsOf(table)).toEqual([['Vogue', 'Live', '5', '4', '0', '0', '0', '0', '1', '0', '2']]);
  });

  it('adds up the money collected per month and currency', () => {
    renderSection(counts);
    const table = screen.getByRole('table', { name: 'Money collected per month' });
    expect(rowsOf(table)).toEqual([
      ['Vogue', 'Live', 'EUR', 'Mar 2025', '€0.00', '€9.99', '€9.99'],
      ['Vogue', 'Live', 'USD', 'Mar 2025', '$75.00', '$432.00', '$507.00'],
    ]);
  });

  it('scrolls each table sideways in its own named region, as a phone needs', () => {
    renderSection(counts);
    // The section is a region too (a labelled section); the tables' own are the focusable ones.
    const regions = screen.getAllByRole('region').filter((region) => region.tagName === 'DIV');
    expect(regions.map((region) => region.getAttribute('aria-label'))).toEqual([
      'Active subscribers at the end of 31 Mar 2025',
      'Monthly recurring revenue at the end of 31 Mar 2025',
      'Renewals',
      'Cancellations by reason, and subscriptions ended unpaid',
      'Money collected per month',
    ]);
    for (const region of regions) {
      expect(region.tabIndex).toBe(0);
      // ReportTable's scroll (overflow-x: auto), which FiguresTable.module.css composes.
      expect(region.className.split(' ')).toContain('scroll');
      expect(region.querySelectorAll('table')).toHaveLength(1);
    }
  });

  it('says so in a line when one figure has nothing in the period', () => {
    renderSection({ ...counts, renewals: [], cancellations: [], endedUnpaid: [] });
    expect(screen.queryByRole('table', { name: 'Renewals' })).toBeNull();
    expect(screen.getByText(/no renewal was paid or failed in this period/)).toBeTruthy();
    expect(screen.getByText(/no subscription was cancelled or ended unpaid in this period/)).toBeTruthy();
  });

  it('says there were no subscriptions in an empty period', () => {
    renderSection(none);
    expect(screen.queryAllByRole('table')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 3, name: 'No subscriptions in this period.' })).toBeTruthy();
    expect(screen.getByText(/No subscription of all campaigns was active at its end/)).toBeTruthy();
  });

  it('marks test lines', () => {
    renderSection(counts);
    const table = screen.getByRole('table', { name: 'Active subscribers at the end of 31 Mar 2025' });
    expect(within(table).getByText('Test').tagName).toBe('SPAN');
  });
});
