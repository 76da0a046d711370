import { describe, expect, it } from 'vitest';
import { experimentVerdict, MIN_ORDERS_PER_VARIANT, MIN_VISITORS_PER_VARIANT } from './verdict';

describe('experimentVerdict', () => {
  it('ranks the variants on orders per visitor, with revenue per visitor by currency and the chance each is best', () => {
    const verdict = experimentVerdict([
      { variantId: 'control', visitors: 1000, orders: 50, netRevenue: { USD: 125_000 } },
      { variantId: 'lower-price', visitors: 1000, orders: 90, netRevenue: { USD: 180_000, CAD: 3_000 } },
    ]);
    expect(verdict.leader).toBe('lower-price');
    expect(verdict.variants.map((variant) => variant.variantId)).toEqual(['lower-price', 'control']);
    expect(verdict.variants[0]).toMatchObject({ orderRate: 0.09, revenuePerVisitor: { USD: 180, CAD: 3 } });
    expect(verdict.variants[1]).toMatchObject({ orderRate: 0.05, revenuePerVisitor: { USD: 125 } });
    expect(verdict.variants[0]!.probabilityBest).toBeGreaterThan(0.99);
    expect(verdict.variants[0]!.probabilityBest + verdict.variants[1]!.probabilityBest).toBeCloseTo(1, 12);
  });

  it('names no leader until every variant has the minimum visitors and orders', () => {
    const below = experimentVerdict([
      { variantId: 'a', visitors: MIN_VISITORS_PER_VARIANT, orders: MIN_ORDERS_PER_VARIANT - 1, netRevenue: {} },
      { variantId: 'b', visitors: 5000, orders: 1000, netRevenue: {} },
    ]);
    expect(below.leader).toBeNull();
    expect(below.variants[0]!.variantId).toBe('b');
    const at = experimentVerdict([
      { variantId: 'a', visitors: MIN_VISITORS_PER_VARIANT, orders: MIN_ORDERS_PER_VARIANT, netRevenue: {} },
      { variantId: 'b', visitors: 5000, orders: 1000, netRevenue: {} },
    ]);
    expect(at.leader).toBe('b');
  });

  it('says nothing of a rate before a variant has visitors, and keeps equal variants in their order', () => {
    const verdict = experimentVerdict([
      { variantId: 'a', visitors: 0, orders: 0, netRevenue: {} },
      { variantId: 'b', visitors: 0, orders: 0, netRevenue: {} },
    ]);
    expect(verdict.variants).toEqual([
      { variantId: 'a', visitors: 0, orders: 0, orderRate: null, revenuePerVisitor: {}, probabilityBest: 0.5 },
      { variantId: 'b', visitors: 0, orders: 0, orderRate: null, revenuePerVisitor: {}, probabilityBest: 0.5 },
    ]);
    expect(verdict.leader).toBeNull();
  });
});
