import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import { accountListReducer, initialAccountList } from './accountListState';

const sub = (id: string, status: SubscriptionStatus) => ({ id, status });

describe('initialAccountList', () => {
  it('closes the fold while something runs, opens it when nothing does', () => {
    expect(initialAccountList([sub('a', 'active'), sub('e', 'ended')])).toEqual({
      subscriptions: [sub('a', 'active'), sub('e', 'ended')],
      foldOpen: false,
      moved: null,
    });
    expect(initialAccountList([sub('e', 'ended')]).foldOpen).toBe(true);
  });
});

describe('accountListReducer', () => {
  const page = initialAccountList([sub('e1', 'ended'), sub('a', 'active'), sub('c', 'cancelling'), sub('e2', 'ended')]);

  it('a subscription that stops running moves into the fold, which opens, in the order given', () => {
    const state = accountListReducer(page, { type: 'changed', subscription: sub('c', 'ended') });
    expect(state).toEqual({
      subscriptions: [sub('e1', 'ended'), sub('a', 'active'), sub('c', 'ended'), sub('e2', 'ended')],
      foldOpen: true,
      moved: { id: 'c', to: 'ended', seq: 1 },
    });
  });

  it('one that runs again moves back up, the fold as the subscriber left it; each move is told apart from the last', () => {
    const ended = accountListReducer(page, { type: 'changed', subscription: sub('c', 'ended') });
    const closed = accountListReducer(ended, { type: 'fold-toggled', open: false });
    const back = accountListReducer(closed, { type: 'changed', subscription: sub('c', 'active') });
    expect(back).toEqual({
      subscriptions: [sub('e1', 'ended'), sub('a', 'active'), sub('c', 'active'), sub('e2', 'ended')],
      foldOpen: false,
      moved: { id: 'c', to: 'live', seq: 2 },
    });
  });

  it('a change that keeps it in its group is not a move (a resumed cancellation still runs)', () => {
    const state = accountListReducer(page, { type: 'changed', subscription: sub('c', 'active') });
    expect(state.subscriptions[2]).toEqual(sub('c', 'active'));
    expect(state.moved).toBeNull();
    expect(state.foldOpen).toBe(false);
  });

  it('a subscription the page does not list changes nothing', () => {
    expect(accountListReducer(page, { type: 'changed', subscription: sub('x', 'ended') })).toBe(page);
  });

  it('the fold opened or closed by the subscriber stays so; a new page load starts again', () => {
    const opened = accountListReducer(page, { type: 'fold-toggled', open: true });
    expect(opened.foldOpen).toBe(true);
    expect(accountListReducer(opened, { type: 'fold-toggled', open: true })).toBe(opened);
    const moved = accountListReducer(opened, { type: 'changed', subscription: sub('a', 'ended') });
    expect(accountListReducer(moved, { type: 'loaded', subscriptions: [sub('a', 'ended')] })).toEqual({
      subscriptions: [sub('a', 'ended')],
      foldOpen: true,
      moved: null,
    });
  });
});
