import type { Kysely } from 'kysely';
import { applyEvent, type Applied, type LifecycleEvent, type RefusalReason } from '@/lib/subscriptions/lifecycle/lifecycle';
import type { ConsentProof } from '@/lib/server/checkout/Transaction';
import type { Database } from '@/lib/server/db/schema';
import type { GatewayName, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { changesToRow } from './changesToRow';
import type { Subscription } from './Subscription';
import type { Cause } from './subscriptionHistory';
import { subscriptionOf } from './subscriptionRow';
import { SubscriptionStore } from './SubscriptionStore';
import { subscriptionsWithSchedule } from './subscriptionsWithSchedule';

export type ServerEvent = LifecycleEvent<GatewayName, RenewalInstrument, ConsentProof>;

/** What writing an event did: the record as it was written, with the lifecycle's outcome, or why it changed nothing. */
export type EventWritten =
  | { kind: 'applied'; subscription: Subscription; outcome: Applied<GatewayName, RenewalInstrument, ConsentProof> }
  | { kind: 'refused'; reason: RefusalReason };

/** Versions lost in a row before giving up: each loss is another write that went through, so a few are already a rare storm. */
const MAX_LOST_VERSIONS = 8;

/**
 * Applies a lifecycle event to the record the caller holds and writes its changes through
 * the store, at the version it was read: the lifecycle's refusal is the guard. When another
 * write (the engine's claim, another tab) moved the row since, the event is decided again
 * on the row as it is now, as today's guarded update would have judged it; `thenEvent`
 * replaces the event from then on where part of it held only for the record first read.
 */
export async function writeEvent(
  db: Kysely<Database>,
  held: Subscription,
  event: ServerEvent,
  options: {
    now: Date;
    cause: Cause;
    thenEvent?: ServerEvent;
    /**
     * Leaves `next_action_at` to the renewal engine's run that holds the record: its release
     * writes it, keeping a sooner one a change made meanwhile set (a cancel, a price import).
     */
    leaveSchedule?: boolean;
  },
): Promise<EventWritten> {
  let record: Subscription | null = held.version === undefined ? await read(db, held.id) : held;
  let current = event;
  for (let lost = 0; lost < MAX_LOST_VERSIONS; lost++) {
    if (!record) return { kind: 'refused', reason: 'missing' };
    const outcome = applyEvent(record, current, options.now);
    if (outcome.kind === 'refused') return outcome;
    const { next_action_at: nextRunAt, clock_offset_ms: clockOffsetMs, ...set } = changesToRow(outcome);
    // Written only when the event moves it: the engine's schedule carries no version, so a time passed through unchanged is left as it is now.
    const schedules = !options.leaveSchedule && nextRunAt !== record.nextActionAt;
    // Nothing of the record moves (a notice that makes no price pending, a price import that
    // only makes it due): no row or version to write, at most the schedule.
    if (Object.keys(set).length === 0 && clockOffsetMs === undefined) {
      if (!schedules) return { kind: 'applied', subscription: record, outcome };
      await new SubscriptionStore(db).updateSchedule((eb) => eb('subscription_id', '=', held.id), { next_action_at: nextRunAt });
      return { kind: 'applied', subscription: { ...record, nextActionAt: nextRunAt }, outcome };
    }
    const row = await new SubscriptionStore(db).update(record.id, {
      set,
      expectedVersion: record.version,
      cause: options.cause,
      before: record,
      ...(schedules ? { nextActionAt: nextRunAt } : {}),
      ...(clockOffsetMs === undefined ? {} : { clockOffsetMs }),
    });
    if (row)
      return {
        kind: 'applied',
        subscription: subscriptionOf({ ...row, next_action_at: schedules ? nextRunAt : record.nextActionAt }),
        outcome,
      };
    record = await read(db, held.id);
    current = options.thenEvent ?? current;
  }
  throw new Error(`[subscriptions] ${held.id} kept moving while ${event.kind} was written`);
}

async function read(db: Kysely<Database>, id: string): Promise<Subscription | null> {
  const row = await subscriptionsWithSchedule(db).where('id', '=', id).executeTakeFirst();
  return row ? subscriptionOf(row) : null;
}
