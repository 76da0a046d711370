import { describe, expect, it } from 'vitest';
import {
  ALL_GROUPS,
  formatGroupList,
  NECESSARY_ONLY,
  parseGroupList,
  trackingConsentFor,
  trackingModeFor,
  type ConsentGroupId,
} from './consentGroups';

describe('trackingModeFor', () => {
  it.each([
    ['no answer yet', { decided: false } as const, 'anonymous'],
    ['strictly necessary only', { decided: true, groups: NECESSARY_ONLY } as const, 'anonymous'],
    [
      'performance and functional, no targeting',
      { decided: true, groups: new Set<ConsentGroupId>(['C0001', 'C0002', 'C0003']) } as const,
      'anonymous',
    ],
    ['targeting (C0004) allowed', { decided: true, groups: new Set<ConsentGroupId>(['C0001', 'C0004']) } as const, 'full'],
    ['everything', { decided: true, groups: ALL_GROUPS } as const, 'full'],
  ])('%s → %s', (_name, state, mode) => {
    expect(trackingModeFor(state)).toBe(mode);
  });
});

describe('trackingConsentFor', () => {
  const groups = (...ids: ConsentGroupId[]) => ({ decided: true, groups: new Set<ConsentGroupId>(['C0001', ...ids]) }) as const;
  it.each([
    [
      'no answer, anonymous-first (SPEC §4)',
      { decided: false } as const,
      'anonymous-first',
      'anonymous',
      { measurement: true, performance: true, targeting: false },
    ],
    [
      'no answer, strict: nothing at all',
      { decided: false } as const,
      'strict',
      'anonymous',
      { measurement: false, performance: false, targeting: false },
    ],
    ['strictly necessary only', groups(), 'strict', 'anonymous', { measurement: true, performance: false, targeting: false }],
    [
      'performance (C0002): the collector and the inspector',
      groups('C0002'),
      'anonymous-first',
      'anonymous',
      { measurement: true, performance: true, targeting: false },
    ],
    [
      'targeting (C0004) without performance',
      groups('C0004'),
      'anonymous-first',
      'full',
      { measurement: true, performance: false, targeting: true },
    ],
    [
      'everything',
      { decided: true, groups: ALL_GROUPS } as const,
      'strict',
      'full',
      { measurement: true, performance: true, targeting: true },
    ],
  ] as const)('%s', (_name, state, policy, mode, allows) => {
    expect(trackingConsentFor(state, policy)).toEqual({ mode, allows });
  });
});

describe('parseGroupList', () => {
  it.each([
    [',C0001,C0004,', ['C0001', 'C0004']],
    ['C0002, C0003', ['C0001', 'C0002', 'C0003']],
    ['', ['C0001']],
    [null, ['C0001']],
    ['C0009,<script>,C0004', ['C0001', 'C0004']],
  ])('%j → %j (strictly necessary always on, unknown ids ignored)', (raw, groups) => {
    expect([...parseGroupList(raw)].sort()).toEqual(groups);
  });

  it('round-trips through formatGroupList in a fixed order', () => {
    expect(formatGroupList(new Set<ConsentGroupId>(['C0004', 'C0001']))).toBe('C0001,C0004');
    expect(parseGroupList(formatGroupList(ALL_GROUPS))).toEqual(new Set(ALL_GROUPS));
  });
});
