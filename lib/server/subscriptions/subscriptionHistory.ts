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
  | 'card_changed'
  | 'clock_moved'
  | 'refunded'
  | 'notice_sent'
  | 'withdrawal_declared'
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
  const rows = await db
    .selectFrom('subscription_history')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('at')
    .orderBy('version')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    subscriptionId: row.subscription_id,
    version: row.version === null ? null : Number(row.version),
    at: row.at,
    clockAt: row.clock_at,
    event: row.event as SubscriptionEvent,
    actor: { kind: row.actor_kind as ActorKind, id: row.actor_id },
    before: JSON.parse(row.before_json) as Record<string, unknown>,
    after: JSON.parse(row.after_json) as Record<string, unknown>,
    reconstructed: row.reconstructed === 1,
  }));
}
