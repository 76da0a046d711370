import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';

/** What happened to a subscription, as its history names it. */
export type SubscriptionEvent =
  | 'purchased'
  | 'claimed'
  | 'renewal_paid'
  | 'renewal_failed'
  | 'held_refused'
  | 'retry_now'
  | 'price_pending'
  | 'cancel_requested'
  | 'resumed'
  | 'ended'
  | 'provider_paused'
  | 'provider_resumed'
  | 'provider_unsettled'
  | 'address_changed'
  | 'business_changed'
  | 'card_changed'
  | 'clock_moved'
  | 'refund_requested'
  | 'refunded'
  | 'refund_refused'
  | 'notice_sent'
  | 'withdrawal_declared'
  | 'withdrawal_objected'
  | 'cancel_declared'
  | 'care_action';

/** Who or what caused it: the buyer, customer care, an operator (QA's test clock), our own jobs, or a provider's event. */
export type ActorKind = 'buyer' | 'care' | 'operator' | 'system' | 'provider';

export interface Actor {
  kind: ActorKind;
  /** The operator's id, the provider's event id...: null when nothing names them. */
  id?: string | null;
}

/** Why a write is made: recorded with it in the history. */
export interface Cause {
  event: SubscriptionEvent;
  actor: Actor;
}

export const SYSTEM: Actor = { kind: 'system' };
export const BUYER: Actor = { kind: 'buyer' };

/** The facts of an event that changes no subscription column (a refund's amount and id, a notice's kind): its history row's `after`. */
export type EventFacts = Record<string, string | number | boolean | null>;

let lastStamp = 0;
let sequence = 0;

/**
 * A history row's id, ordered by when this process made it: rows written in the same
 * millisecond at the same version (a refund beside the write it follows) read back in the
 * order they were written. The random tail keeps ids of several instances apart.
 */
export function historyRowId(at: Date): string {
  const stamp = at.getTime();
  sequence = stamp === lastStamp ? sequence + 1 : 0;
  lastStamp = stamp;
  const tail = randomBytes(5).toString('hex');
  return `shi_${stamp.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${tail}`;
}

/** One entry of a subscription's history, read back. */
export interface HistoryEntry {
  id: string;
  subscriptionId: string;
  version: number | null;
  at: string;
  clockAt: string;
  event: SubscriptionEvent;
  actor: { kind: ActorKind; id: string | null };
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reconstructed: boolean;
}

/** A subscription's history, oldest first (ties, within a millisecond, in the order of the versions they made). */
export async function historyOf(db: Kysely<Database>, subscriptionId: string): Promise<HistoryEntry[]> {
  return (await historiesOf(db, [subscriptionId])).get(subscriptionId) ?? [];
}

/** The histories of several subscriptions in one read, each oldest first; a subscription with none is absent. */
export async function historiesOf(db: Kysely<Database>, subscriptionIds: readonly string[]): Promise<Map<string, HistoryEntry[]>> {
  const histories = new Map<string, HistoryEntry[]>();
  if (subscriptionIds.length === 0) return histories;
  const rows = await db
    .selectFrom('subscription_history')
    .selectAll()
    .where('subscription_id', 'in', subscriptionIds)
    .orderBy('at')
    .orderBy('version')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const entry: HistoryEntry = {
      id: row.id,
      subscriptionId: row.subscription_id,
      version: row.version === null ? null : Number(row.version),
      at: row.at,
      clockAt: row.clock_at,
      event: row.event,
      actor: { kind: row.actor_kind, id: row.actor_id },
      before: JSON.parse(row.before_json) as Record<string, unknown>,
      after: JSON.parse(row.after_json) as Record<string, unknown>,
      reconstructed: row.reconstructed === 1,
    };
    const history = histories.get(row.subscription_id);
    if (history) history.push(entry);
    else histories.set(row.subscription_id, [entry]);
  }
  return histories;
}
