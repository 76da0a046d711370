import type { SubscriptionSummary } from './accountView';
import { arrangeSubscriptions, isLive } from './accountList';

/** A card that moved between the running list and the fold while the page was open; `seq` tells one move from the next. */
export interface CardMove {
  id: string;
  to: 'live' | 'ended';
  seq: number;
}

/** The account's list as the page holds it between loads. */
export interface AccountListState<S extends Pick<SubscriptionSummary, 'id' | 'status'>> {
  /** In the order the server gave them (newest first), arranged into running and ended on every render. */
  subscriptions: S[];
  foldOpen: boolean;
  /** The last card that moved; null until one does. */
  moved: CardMove | null;
}

export type AccountListAction<S> =
  { type: 'changed'; subscription: S } | { type: 'fold-toggled'; open: boolean } | { type: 'loaded'; subscriptions: S[] };

/** The list as a page load gives it: the fold closed, unless nothing else is there to see. */
export function initialAccountList<S extends Pick<SubscriptionSummary, 'id' | 'status'>>(subscriptions: S[]): AccountListState<S> {
  return { subscriptions, foldOpen: arrangeSubscriptions(subscriptions).live.length === 0, moved: null };
}

/**
 * A subscription changed in the browser (resumed, its test clock moved) takes its new place
 * at once, as a reload would put it: one that stops running goes into the fold, which opens
 * so that it can be seen there; one that runs again comes back up. Each group keeps the
 * server's order, so a card lands where a reload would show it.
 */
export function accountListReducer<S extends Pick<SubscriptionSummary, 'id' | 'status'>>(
  state: AccountListState<S>,
  action: AccountListAction<S>,
): AccountListState<S> {
  switch (action.type) {
    case 'loaded':
      return initialAccountList(action.subscriptions);
    case 'fold-toggled':
      return state.foldOpen === action.open ? state : { ...state, foldOpen: action.open };
    case 'changed': {
      const next = action.subscription;
      const before = state.subscriptions.find((subscription) => subscription.id === next.id);
      if (!before) return state;
      const subscriptions = state.subscriptions.map((subscription) => (subscription.id === next.id ? next : subscription));
      if (isLive(before.status) === isLive(next.status)) return { ...state, subscriptions };
      const to = isLive(next.status) ? 'live' : 'ended';
      return {
        subscriptions,
        foldOpen: to === 'ended' || state.foldOpen,
        moved: { id: next.id, to, seq: (state.moved?.seq ?? 0) + 1 },
      };
    }
  }
}
