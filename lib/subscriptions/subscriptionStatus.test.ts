import { describe, expect, it } from 'vitest';
import { endsAt, entitlementAt, subscriptionStatusAt, type SubscriptionTimeline } from './subscriptionStatus';

const active: SubscriptionTimeline = {
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2027-01-01T00:00:00.000Z',
  endedAt: null,
};
const before = new Date('2026-12-31T23:59:59.000Z');
const after = new Date('2027-01-01T00:00:00.000Z');

describe('a subscription at a moment', () => {
  it('keeps a live status while it renews', () => {
    expect(subscriptionStatusAt(active, after)).toBe('active');
    expect(entitlementAt(active, before)).toEqual({ access: true, until: '2027-01-01T00:00:00.000Z', renews: true });
  });

  it('is cancelling until the period ends, then ended, with no job to move it', () => {
    const cancelling = { ...active, cancelAtPeriodEnd: true };
    expect(subscriptionStatusAt(cancelling, before)).toBe('cancelling');
    expect(entitlementAt(cancelling, before)).toEqual({ access: true, until: '2027-01-01T00:00:00.000Z', renews: false });
    expect(subscriptionStatusAt(cancelling, after)).toBe('ended');
    expect(entitlementAt(cancelling, after)).toEqual({ access: false, until: null, renews: false });
    expect(endsAt(cancelling)).toBe('2027-01-01T00:00:00.000Z');
  });

  it('says when an ended one ended, and nothing of one that renews', () => {
    expect(endsAt({ ...active, status: 'ended', endedAt: '2026-12-05T00:00:00.000Z' })).toBe('2026-12-05T00:00:00.000Z');
    expect(endsAt(active)).toBeNull();
    expect(subscriptionStatusAt({ ...active, status: 'past_due' }, before)).toBe('past_due');
  });
});
