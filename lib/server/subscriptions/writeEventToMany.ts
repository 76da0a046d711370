import type { Kysely } from 'kysely';
import { applyEvent } from '@/lib/subscriptions/lifecycle/lifecycle';
import type { Database } from '@/lib/server/db/schema';
import { changesToRow } from './changesToRow';
import type { Subscription } from './Subscription';
import type { Cause } from './subscriptionHistory';
import { subscriptionOf } from './subscriptionRow';
import { subscriptionsWithSchedule } from './subscriptionsWithSchedule';
import { SubscriptionStore, type Changes, type Guard } from './SubscriptionStore';
import { writeEvent, type ServerEvent } from './writeEvent';

/** Records read, decided and written at a time: a few statements per page, each well under either database's parameter limit. */
const PAGE = 500;

/**
 * Applies one lifecycle event to every subscription `where` picks (a catalogue price
 * change's subscribers): each decided by the lifecycle on its own record, as writeEvent
 * decides one, yet read a page at a time and written with one statement per page for the
 * records whose changes are the same, each at the version read. A record another write
 * moved meanwhile is written alone by writeEvent, which decides it again as it is now.
 * Call it in the caller's transaction to keep the whole batch with the caller's own write.
 * Answers how many it changed.
 */
export async function writeEventToMany(
  db: Kysely<Database>,
  where: Guard,
  event: ServerEvent,
  options: { now: Date; cause: Cause },
): Promise<number> {
  let written = 0;
  let after = '';
  for (;;) {
    const rows = await subscriptionsWithSchedule(db).where(where).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (rows.length === 0) return written;
    after = rows[rows.length - 1]!.id;
    written += await writePage(db, rows.map(subscriptionOf), event, options);
    if (rows.length < PAGE) return written;
  }
}

async function writePage(db: Kysely<Database>, records: Subscription[], event: ServerEvent, options: { now: Date; cause: Cause }) {
  // The records whose changes are the same, by those changes: one statement writes each group.
  const groups = new Map<string, { set: Changes; nextRunAt: string | null; records: Subscription[] }>();
  let written = 0;
  for (const record of records) {
    const outcome = applyEvent(record, event, options.now);
    if (outcome.kind === 'refused') continue;
    const { next_action_at: nextRunAt, clock_offset_ms: clockOffsetMs, ...set } = changesToRow(outcome);
    // A test clock moved (no event of many does that) is written alone, with its own record.
    if (clockOffsetMs !== undefined) {
      if ((await writeEvent(db, record, event, options)).kind === 'applied') written += 1;
      continue;
    }
    // As writeEvent: a record none of whose fields moves, and whose schedule stays, needs no write.
    if (Object.keys(set).length === 0 && nextRunAt === record.nextActionAt) continue;
    const key = JSON.stringify([set, nextRunAt]);
    const group = groups.get(key) ?? { set, nextRunAt, records: [] };
    group.records.push(record);
    groups.set(key, group);
  }
  const store = new SubscriptionStore(db);
  for (const { set, nextRunAt, records: group } of groups.values()) {
    const held = new Map(group.map((record) => [record.id, record]));
    if (Object.keys(set).length === 0) {
      // Only the engine's schedule moves (a price import makes them due): it has no version to guard.
      const rows = await store.updateSchedule((eb) => eb('subscription_id', 'in', [...held.keys()]), { next_action_at: nextRunAt });
      written += rows.length;
      continue;
    }
    const rows = await store.updateMany(
      // By id, which the primary key finds, and each at the version it was read.
      (eb) =>
        eb.and([
          eb('id', 'in', [...held.keys()]),
          eb(
            eb.refTuple('id', 'version'),
            'in',
            group.map((record) => eb.tuple(record.id, record.version!)),
          ),
        ]),
      { set, cause: options.cause, beforeOf: (id) => held.get(id) },
    );
    const moved = rows.map((row) => row.id).filter((id) => held.get(id)!.nextActionAt !== nextRunAt);
    if (moved.length) await store.updateSchedule((eb) => eb('subscription_id', 'in', moved), { next_action_at: nextRunAt });
    written += rows.length;
    for (const row of rows) held.delete(row.id);
    for (const stale of held.values()) {
      if ((await writeEvent(db, stale, event, options)).kind === 'applied') written += 1;
    }
  }
  return written;
}
