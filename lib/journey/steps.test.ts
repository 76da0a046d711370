import { describe, expect, it } from 'vitest';
import { AVAILABLE_STEP_IDS, STEP_IDS, WAYPOINT_BY_STEP, isAuthControllerStep, isAvailableStep, type StepId } from './steps';

describe('STEP_IDS', () => {
  it('lists every step of the funnel once', () => {
    expect([...STEP_IDS].sort()).toEqual(
      ['auth-complete', 'auth-initiate', 'campaign', 'cart', 'credit-card', 'promo-code', 'success'].sort(),
    );
    expect(new Set(STEP_IDS).size).toBe(STEP_IDS.length);
  });

  it('only marks known steps as available', () => {
    for (const step of AVAILABLE_STEP_IDS) expect(STEP_IDS).toContain(step);
  });
});

describe('isAvailableStep', () => {
  it.each<[StepId, boolean]>([
    ['campaign', true],
    ['cart', true],
    ['credit-card', true],
    ['promo-code', true],
    ['success', true],
    ['auth-initiate', true],
    ['auth-complete', true],
  ])('%s → %s', (step, expected) => {
    expect(isAvailableStep(step)).toBe(expected);
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

describe('WAYPOINT_BY_STEP', () => {
  it.each<[StepId, string | undefined]>([
    ['campaign', 'campaign'],
    ['credit-card', 'credit-card'],
    ['promo-code', 'promo-code'],
    ['cart', undefined],
    ['success', undefined],
    ['auth-initiate', undefined],
    ['auth-complete', undefined],
  ])('%s → %s', (step, expected) => {
    expect(WAYPOINT_BY_STEP[step]).toBe(expected);
  });

  it('has no keys other than steps', () => {
    for (const key of Object.keys(WAYPOINT_BY_STEP)) expect(STEP_IDS).toContain(key);
  });
});
