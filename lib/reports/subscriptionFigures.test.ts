import { describe, expect, it } from 'vitest';
import {
  CANCEL_REASON_GROUPS,
  cancelReasonGroup,
  computeSubscriptionFigures,
  monthLabel,
  periodEndInstant,
  type ActiveSubscriptionCount,
  type SubscriptionCounts,
} from './subscriptionFigures';
import { CANCEL_REASON_CHOICES, cancelReasonOf } from '@/lib/subscriptions/cancelReasons';

const march = { from: '2025-03-01', to: '2025-03-31' };
const none: SubscriptionCounts = { active: [], renewals: [], cancellations: [], endedUnpaid: [], collected: [] };

const active = (fields: Partial<ActiveSubscriptionCount>): ActiveSubscriptionCount => ({
  brandSlug: 'vogue',
  livemode: true,
  currencyCode: 'USD',
  trialing: 0,
  paying: 0,
  pastDue: 0,
  monthlyAmounts: 0,
  yearlyAmounts: 0,
  ...fields,
});

describe('cancelReasonGroup', () => {
  it.each([
    ['Too expensive', 'Too expensive'],
    ['Too expensive: the price went up', 'Too expensive'],
    ['Another reason: moving abroad', 'Another reason'],
    ['too expensive', 'Other'],
    ['Too expensive!', 'Other'],
    ['I cannot read it on my phone', 'Other'],
    ['', 'No reason given'],
    [null, 'No reason given'],
  ])('groups %j as %j', (reason, group) => {
    expect(cancelReasonGroup(reason)).toBe(group);
  });

  it('groups back every reason the cancel page stores', () => {
    for (const choice of CANCEL_REASON_CHOICES) {
      expect(cancelReasonGroup(cancelReasonOf(choice, ''))).toBe(choice);
      expect(cancelReasonGroup(cancelReasonOf(choice, ' because '))).toBe(choice);
    }
    expect(cancelReasonGroup(cancelReasonOf('', 'free words'))).toBe('Other');
    expect(cancelReasonGroup(cancelReasonOf('', ' '))).toBe('No reason given');
  });
});

describe('monthLabel', () => {
  it('names a whole month, and the days of a month the period covers in part', () => {
    expect(monthLabel('2025-03', march)).toBe('Mar 2025');
    expect(monthLabel('2025-02', { from: '2025-02-10', to: '2025-03-31' })).toBe('Feb 2025 (10–28 Feb)');
    expect(monthLabel('2025-04', { from: '2025-03-01', to: '2025-04-15' })).toBe('Apr 2025 (1–15 Apr)');
    expect(monthLabel('2024-02', { from: '2024-02-29', to: '2024-02-29' })).toBe('Feb 2024 (29 Feb)');
  });
});

describe('periodEndInstant', () => {
  it('is the first instant after the last day', () => {
    expect(periodEndInstant(march)).toBe('2025-04-01T00:00:00.000Z');
  });
});

describe('computeSubscriptionFigures', () => {
  it('shows nothing for a period without subscriptions', () => {
    expect(computeSubscriptionFigures(none, march)).toEqual({
      countedAt: '2025-04-01T00:00:00.000Z',
      activeSubscribers: [],
      recurringRevenue: [],
      renewals: [],
      cancellations: [],
      reasonGroups: CANCEL_REASON_GROUPS,
      collected: [],
    });
  });

  it('counts subscribers per brand and mode across currencies, and revenue per currency', () => {
    const figures = computeSubscriptionFigures(
      {
        ...none,
        active: [
          active({ currencyCode: 'USD', trialing: 2, paying: 3, pastDue: 1, monthlyAmounts: 4000 }),
          active({ currencyCode: 'EUR', paying: 1, monthlyAmounts: 900 }),
          // Only trials: subscribers, but no recurring revenue yet.
          active({ brandSlug: 'gq', trialing: 4 }),
        ],
      },
      march,
      new Map([['vogue', 'Vogue']]),
    );
    expect(figures.activeSubscribers).toEqual([
      { brandSlug: 'gq', brandLabel: 'gq', livemode: true, trialing: 4, paying: 0, pastDue: 0, total: 4 },
      { brandSlug: 'vogue', brandLabel: 'Vogue', livemode: true, trialing: 2, paying: 4, pastDue: 1, total: 7 },
    ]);
    expect(figures.recurringRevenue).toEqual([
      { brandSlug: 'vogue', brandLabel: 'Vogue', livemode: true, currencyCode: 'EUR', subscriptions: 1, monthlyRevenue: 900 },
      { brandSlug: 'vogue', brandLabel: 'Vogue', livemode: true, currencyCode: 'USD', subscriptions: 4, monthlyRevenue: 4000 },
    ]);
  });

  it('counts a yearly subscription as a twelfth a month, rounding once on the sum', () => {
    const revenue = (yearlyAmounts: number, monthlyAmounts = 0) =>
      computeSubscriptionFigures({ ...none, active: [active({ paying: 1, monthlyAmounts, yearlyAmounts })] }, march).recurringRevenue[0]!
        .monthlyRevenue;
    expect(revenue(12_000)).toBe(1000);
    // Three yearly subscriptions of 9,999: 29,997 / 12 = 2,499.75, not 3 × 833.
    expect(revenue(29_997)).toBe(2500);
    expect(revenue(10_000, 999)).toBe(999 + 833);
  });

  it('puts live before test, and names renewals per currency', () => {
    const figures = computeSubscriptionFigures(
      {
        ...none,
        renewals: [
          {
            brandSlug: 'vogue',
            livemode: false,
            currencyCode: 'USD',
            paid: 1,
            paidAmount: 100,
            recovered: 0,
            recoveredAmount: 0,
            failed: 0,
          },
          {
            brandSlug: 'vogue',
            livemode: true,
            currencyCode: 'USD',
            paid: 3,
            paidAmount: 300,
            recovered: 1,
            recoveredAmount: 100,
            failed: 2,
          },
          { brandSlug: 'vogue', livemode: true, currencyCode: 'GBP', paid: 0, paidAmount: 0, recovered: 0, recoveredAmount: 0, failed: 0 },
        ],
      },
      march,
    );
    expect(figures.renewals.map((line) => [line.livemode, line.currencyCode, line.paid, line.failed])).toEqual([
      [true, 'USD', 3, 2],
      [false, 'USD', 1, 0],
    ]);
  });

  it('lays cancellations out by reason, with those that ended unpaid on the same line', () => {
    const figures = computeSubscriptionFigures(
      {
        ...none,
        cancellations: [
          { brandSlug: 'vogue', livemode: true, reason: 'Too expensive', cancellations: 3 },
          { brandSlug: 'vogue', livemode: true, reason: 'Other', cancellations: 2 },
          { brandSlug: 'vogue', livemode: true, reason: 'No reason given', cancellations: 1 },
        ],
        endedUnpaid: [
          { brandSlug: 'vogue', livemode: true, subscriptions: 4 },
          { brandSlug: 'gq', livemode: false, subscriptions: 1 },
        ],
      },
      march,
    );
    expect(figures.reasonGroups).toEqual([...CANCEL_REASON_CHOICES, 'Other', 'No reason given']);
    expect(figures.cancellations).toEqual([
      { brandSlug: 'gq', brandLabel: 'gq', livemode: false, cancellations: 0, byReason: [0, 0, 0, 0, 0, 0, 0], endedUnpaid: 1 },
      { brandSlug: 'vogue', brandLabel: 'vogue', livemode: true, cancellations: 6, byReason: [3, 0, 0, 0, 0, 2, 1], endedUnpaid: 4 },
    ]);
  });

  it('adds purchases and renewals of one month and currency, never two currencies', () => {
    const range = { from: '2025-02-15', to: '2025-03-31' };
    const row = (month: string, kind: 'purchase' | 'renewal', amount: number, currencyCode = 'USD') => ({
      brandSlug: 'vogue',
      livemode: true,
      currencyCode,
      month,
      kind,
      payments: 1,
      amount,
    });
    const figures = computeSubscriptionFigures(
      {
        ...none,
        collected: [
          row('2025-03', 'renewal', 1080),
          row('2025-03', 'purchase', 2500),
          row('2025-02', 'purchase', 2500),
          row('2025-03', 'renewal', 900, 'GBP'),
        ],
      },
      range,
    );
    expect(figures.collected.map((line) => [line.currencyCode, line.monthLabel, line.purchases, line.renewals, line.total])).toEqual([
      ['GBP', 'Mar 2025', 0, 900, 900],
      ['USD', 'Feb 2025 (15–28 Feb)', 2500, 0, 2500],
      ['USD', 'Mar 2025', 2500, 1080, 3580],
    ]);
  });
});
