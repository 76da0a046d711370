import { describe, expect, it } from 'vitest';
import { ALL_GROUPS, formatGroupList, NECESSARY_ONLY, parseGroupList, trackingModeFor, type ConsentGroupId } from './consentGroups';

describe('trackingModeFor', () => {
  it.each([
    ['no answer yet', { decided: false } as const, 'anonymous'],
    ['strictly necessary only', { decided: true, groups: NECESSARY_ONLY } as const, 'anonymous'],
    ['performance and functional, no targeting', { decided: true, groups: new Set<ConsentGroupId>(['C0001', 'C0002', 'C0003']) } as const, 'anonymous'],
    ['targeting (C0004) allowed', { decided: true, groups: new Set<ConsentGroupId>(['C0001', 'C0004']) } as const, 'full'],
    ['everything', { decided: true, groups: ALL_GROUPS } as const, 'full'],
  ])('%s → %s', (_name, state, mode) => {
    expect(trackingModeFor(state)).toBe(mode);
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
