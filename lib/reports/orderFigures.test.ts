import { describe, expect, it } from 'vitest';
import { PAYMENT_FAILURE_CODES } from '@/lib/payments/paymentErrors';
import { DECLINE_REASON_LABELS, computeOrderFigures, declineReasonLabel, type DeclineCount } from './orderFigures';
import { orderLine } from '@/tests/fixtures/orderLines';

const decline = (failureCode: string | null, orders: number, fields: Partial<DeclineCount> = {}): DeclineCount => ({
  campaignId: 'vogue-demo-single',
  source: null,
  livemode: true,
  currencyCode: 'USD',
  failureCode,
  orders,
  ...fields,
});

describe('declineReasonLabel', () => {
  it('names every failure code the gateways report', () => {
    expect(Object.keys(DECLINE_REASON_LABELS).sort()).toEqual([...PAYMENT_FAILURE_CODES].sort());
    expect(declineReasonLabel('insufficient_funds')).toBe('Insufficient funds');
    expect(declineReasonLabel('authentication_failed')).toBe('Failed 3-D Secure');
  });

  it('shows an unknown code as it is, and says when there was none', () => {
    expect(declineReasonLabel('do_not_honor')).toBe('do_not_honor');
    expect(declineReasonLabel('toString')).toBe('toString');
    expect(declineReasonLabel(null)).toBe('No reason given');
  });
});

describe('computeOrderFigures', () => {
  it('has no campaigns without orders', () => {
    expect(computeOrderFigures({ splits: [], declines: [] })).toEqual({ campaigns: [] });
  });

  it('totals a campaign per mode and currency, never across them', () => {
    const report = computeOrderFigures({
      splits: [
        orderLine({ source: 'newsletter', paidOrders: 3, revenue: 7500, promoOrders: 1, promoDiscount: 500 }),
        orderLine({ source: null, paidOrders: 1, revenue: 2500, declinedOrders: 2 }),
        orderLine({ source: 'newsletter', livemode: false, paidOrders: 5, revenue: 100 }),
        orderLine({ source: 'newsletter', currencyCode: 'GBP', paidOrders: 1, revenue: 900 }),
      ],
      declines: [decline('expired_card', 2)],
    });
    expect(report.campaigns).toHaveLength(1);
    const [campaign] = report.campaigns;
    expect(campaign!.splits.map((s) => [s.sourceLabel, s.livemode, s.currencyCode, s.paidOrders, s.revenue])).toEqual([
      ['newsletter', false, 'USD', 5, 100],
      ['newsletter', true, 'USD', 3, 7500],
      ['(direct)', true, 'USD', 1, 2500],
      ['newsletter', true, 'GBP', 1, 900],
    ]);
    expect(
      campaign!.totals.map((t) => [t.livemode, t.currencyCode, t.paidOrders, t.revenue, t.promoOrders, t.promoDiscount, t.declinedOrders]),
    ).toEqual([
      [false, 'USD', 5, 100, 0, 0, 0],
      [true, 'USD', 4, 10000, 1, 500, 2],
      [true, 'GBP', 1, 900, 0, 0, 0],
    ]);
  });

  it('names the most common decline reasons of each line and counts the rest together', () => {
    const report = computeOrderFigures({
      splits: [orderLine({ declinedOrders: 9 }), orderLine({ source: 'social', declinedOrders: 1 })],
      declines: [
        decline('expired_card', 1),
        decline('insufficient_funds', 4),
        decline(null, 2),
        decline('generic_decline', 1),
        decline('authentication_failed', 1),
        decline('generic_decline', 1, { source: 'social' }),
      ],
    });
    const [campaign] = report.campaigns;
    const direct = campaign!.splits.find((s) => s.source === null)!;
    expect(direct.declineReasons).toEqual([
      { failureCode: 'insufficient_funds', label: 'Insufficient funds', orders: 4 },
      { failureCode: null, label: 'No reason given', orders: 2 },
      { failureCode: 'authentication_failed', label: 'Failed 3-D Secure', orders: 1 },
    ]);
    expect(direct.otherDeclines).toBe(2);
    // The total merges the sources' reasons before it picks the most common.
    expect(campaign!.totals[0]!.declineReasons.map((r) => [r.failureCode, r.orders])).toEqual([
      ['insufficient_funds', 4],
      [null, 2],
      ['generic_decline', 2],
    ]);
    expect(campaign!.totals[0]!.otherDeclines).toBe(2);
  });

  it('adds 3-D Secure outcomes up per campaign', () => {
    const report = computeOrderFigures({
      splits: [
        orderLine({ source: 'a', authentication: { requested: 3, succeeded: 1, failed: 1, declined: 0, unfinished: 1 } }),
        orderLine({ source: 'b', authentication: { requested: 2, succeeded: 1, failed: 0, declined: 1, unfinished: 0 } }),
      ],
      declines: [],
    });
    expect(report.campaigns[0]!.totals[0]!.authentication).toEqual({ requested: 5, succeeded: 2, failed: 1, declined: 1, unfinished: 1 });
  });

  it('lists campaigns with the most paid orders first', () => {
    const report = computeOrderFigures({
      splits: [
        orderLine({ campaignId: 'b-campaign', paidOrders: 1 }),
        orderLine({ campaignId: 'c-campaign', paidOrders: 7 }),
        orderLine({ campaignId: 'a-campaign', paidOrders: 1 }),
      ],
      declines: [],
    });
    expect(report.campaigns.map((c) => c.campaignId)).toEqual(['c-campaign', 'a-campaign', 'b-campaign']);
  });
});
