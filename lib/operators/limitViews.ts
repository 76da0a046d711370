import type { OperatorView } from './backOfficeViews';

/** What the back office's limits page and route are given (JSON: no undefined, no Date). */

/** One limit that counts a client address or an e-mail address, as it stands. */
export interface LimitView {
  /** What lifting it names: the limit and its mode, such as `withdrawals:test`. */
  id: string;
  /** In words, for the operator. */
  name: string;
  /** Whose budget: live, test, or one for both modes. */
  mode: 'live' | 'test' | 'both';
  count: number;
  limit: number;
  /** Whether it refuses the next request now. */
  holding: boolean;
  /** When it frees (ISO): the window's end, or a decline slow-down's end. */
  freesAt: string;
}

/** Whose limits: a client, by its limit key (IPv6 by /64), or an e-mail address. */
export interface LimitSubjectView {
  kind: 'client' | 'email';
  /** The client's limit key, or the address (normalised). */
  key: string;
}

export interface LimitsAnswer {
  subject: LimitSubjectView;
  /** The limits with a count now; an empty list when none. */
  limits: LimitView[];
}

export interface LimitsPageProps {
  operator: OperatorView;
  /** What was typed, to show again. */
  query: string;
  /** What was found, or null before a search and when the text was neither an address nor an e-mail. */
  found: LimitsAnswer | null;
  problem: string | null;
}
