import { describe, expect, it } from 'vitest';
import { MAX_PLANS, TEMPLATE_IDENTIFIERS, templateForPlanCount } from './template';

describe('templateForPlanCount', () => {
  it.each<[number, string | null]>([
    [1, 'single-offer-v1'],
    [2, 'dual-offer-v2'],
    [0, null],
    [3, null],
    [4, null],
    [10, null],
    [-1, null],
    [-2, null],
    [1.5, null],
    [0.999, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%d plans → %s', (count, expected) => {
    expect(templateForPlanCount(count)).toBe(expected);
  });

  it('has a template for every plan count from 1 to MAX_PLANS, and only those', () => {
    expect(MAX_PLANS).toBe(2);
    const templates = Array.from({ length: MAX_PLANS }, (_, i) => templateForPlanCount(i + 1));
    expect(templates).toEqual([...TEMPLATE_IDENTIFIERS]);
    expect(templateForPlanCount(MAX_PLANS + 1)).toBeNull();
  });
});
