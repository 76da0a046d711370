import { describe, expect, it } from 'vitest';
import { STEPS, STEP_IDS, isAuthControllerStep, resolveStep, stepSubPath, waypointOf, type StepId } from './steps';

describe('STEPS', () => {
  it('lists every step of the funnel once', () => {
    expect([...STEP_IDS].sort()).toEqual(
      ['amazon-pay-return', 'auth-complete', 'auth-initiate', 'campaign', 'cart', 'credit-card', 'promo-code', 'success'].sort(),
    );
    expect(new Set(STEP_IDS).size).toBe(STEP_IDS.length);
  });

  it('leads to each step by its own sub-path', () => {
    for (const { id } of STEPS) {
      const segments = stepSubPath(id) === '' ? [] : stepSubPath(id).split('/');
      expect(resolveStep(segments)).toEqual({ step: id, returnSegments: [] });
    }
  });
});

describe('isAuthControllerStep', () => {
  it.each<[StepId, boolean]>([
    ['auth-initiate', true],
    ['auth-complete', true],
    ['campaign', false],
    ['cart', false],
    ['credit-card', false],
    ['promo-code', false],
    ['success', false],
  ])('%s → %s', (step, expected) => {
    expect(isAuthControllerStep(step)).toBe(expected);
  });
});

describe('waypointOf', () => {
  it.each<[StepId, string | null]>([
    ['campaign', 'campaign'],
    ['credit-card', 'credit-card'],
    ['promo-code', 'promo-code'],
    ['cart', 'cart'],
    ['success', 'success'],
    ['auth-initiate', null],
    ['auth-complete', null],
  ])('%s → %s', (step, expected) => {
    expect(waypointOf(step)).toBe(expected);
  });
});

describe('resolveStep', () => {
  it.each<[string[], ReturnType<typeof resolveStep>]>([
    [[], { step: 'campaign', returnSegments: [] }],
    [['cart'], { step: 'cart', returnSegments: [] }],
    [['credit-card'], { step: 'credit-card', returnSegments: [] }],
    [['promo-code'], { step: 'promo-code', returnSegments: [] }],
    [['success'], { step: 'success', returnSegments: [] }],
    [['order-success'], { step: 'success', returnSegments: [] }],
    [['success-page'], { step: 'success', returnSegments: [] }],
    [['payment-success-thanks'], { step: 'success', returnSegments: [] }],
    [['auth', 'initiate'], { step: 'auth-initiate', returnSegments: [] }],
    [['auth', 'complete'], { step: 'auth-complete', returnSegments: [] }],
    [['auth', 'initiate', 'cart'], { step: 'auth-initiate', returnSegments: ['cart'] }],
    [['auth', 'complete', 'credit-card'], { step: 'auth-complete', returnSegments: ['credit-card'] }],
    [['auth', 'initiate', 'a', 'b', 'c'], { step: 'auth-initiate', returnSegments: ['a', 'b', 'c'] }],
  ])('resolves %j', (segments, expected) => {
    expect(resolveStep(segments)).toEqual(expected);
  });

  it.each([
    [['', 'cart']],
    [['unknown']],
    [['checkout']],
    [['auth']],
    [['auth', 'other']],
    [['auth', 'Initiate']],
    [['initiate', 'auth']],
    [['cart', 'extra']],
    [['credit-card', 'x']],
    [['promo-code', 'x']],
    [['succes']],
    [['Cart']],
    [['cart ']],
  ])('gives null for %j', (segments) => {
    expect(resolveStep(segments)).toBeNull();
  });

  it('returns a fresh returnSegments array that does not alias the input', () => {
    const input = ['auth', 'initiate', 'cart'];
    const result = resolveStep(input);
    expect(result?.returnSegments).toEqual(['cart']);
    result?.returnSegments.push('x');
    expect(input).toEqual(['auth', 'initiate', 'cart']);
  });
});
