import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type UpdateObject,
} from 'kysely';
import type { Database, SubscriptionScheduleTable, SubscriptionTable } from '@/lib/server/db/schema';
import type { Subscription } from './Subscription';
import { historyRowId, type Cause, type EventFacts } from './subscriptionHistory';
import { storedRowOf } from './subscriptionRow';

export type SubscriptionRow = Selectable<SubscriptionTable>;
export type ScheduleRow = Selectable<SubscriptionScheduleTable>;

/** Which rows a write may move (besides its id): the state it moves from, so that a repeated or late write loses. */
export type Guard = (eb: ExpressionBuilder<Database, 'subscriptions'>) => Expression<SqlBool>;

/** The columns a write sets: values, or SQL computed from the row as it is. */
export type Changes = UpdateObject<Database, 'subscriptions', 'subscriptions'>;

/** Which schedule rows a write may move: the lease it takes or gives back, the subscriptions it makes due. */
export type ScheduleGuard = (eb: ExpressionBuilder<Database, 'subscription_schedule'>) => Expression<SqlBool>;

/** The schedule columns a write sets: values, or SQL computed from the row as it is. */
export type ScheduleChanges = UpdateObject<Database, 'subscription_schedule', 'subscription_schedule'>;

/** One guarded write of one subscription. */
export interface Write {
  set: Changes;
  /** The state it moves from (besides its id); none: it always applies. */
  where?: Guard;
  /** Applies only if the row is still at this version: nothing wrote it since the caller read it. */
  expectedVersion?: number;
  /** Why: recorded in its history when it changes the contract. None: the engine's own bookkeeping (claims, leases, when it is next due). */
  cause?: Cause;
  /** The record as the caller holds it, to compare with (saves a read); otherwise the store takes it from the row it locks. */
  before?: Subscription;
  /** When the engine is next due (real time; null: never), written with it when the write applies; none: left as it is. */
  nextActionAt?: string | null;
}

/**
 * The engine's and the provider sync's bookkeeping: written through the store like the rest,
 * yet no part of the contract, so no history row tells of them.
 */
const BOOKKEEPING = new Set<string>(['id', 'provider_tries', 'version', 'created_at', 'updated_at']);

const isContract = (column: string) => !BOOKKEEPING.has(column);

/**
 * The one writer of `subscriptions` and of the engine's `subscription_schedule` (issue 37):
 * every insert and update of either table in the product goes through here (a test keeps it
 * so: oneWriter.test.ts). Each write of a subscription keeps the
 * guard its caller gives, bumps `version`, may ask for the version the caller read, and
 * answers the row it left (null when it did not apply). One that changes the contract
 * appends a row to `subscription_history`, in the same transaction as the write (the
 * caller's, when it has one): its cause and the changed fields before and after.
 */
export class SubscriptionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Writes a new subscription with its schedule; true when this call wrote it (writing it again changes nothing). */
  async insert(row: Insertable<SubscriptionTable>, cause: Cause, nextActionAt: string | null): Promise<boolean> {
    return this.inTransaction(async (trx) => {
      const inserted = await trx
        .insertInto('subscriptions')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) return false;
      await trx
        .insertInto('subscription_schedule')
        .values({ subscription_id: inserted.id, next_action_at: nextActionAt, lease_until: null })
        .execute();
      const columns = Object.keys(inserted).filter(isContract) as (keyof SubscriptionRow)[];
      await this.append(trx, cause, {}, inserted, columns);
      return true;
    });
  }

  /** Writes one subscription if its guards hold: the row as written, or null when it did not apply. */
  async update(id: string, { nextActionAt, ...write }: Write): Promise<SubscriptionRow | null> {
    const columns = (Object.keys(write.set) as (keyof SubscriptionRow)[]).filter(isContract);
    const guarded = (eb: ExpressionBuilder<Database, 'subscriptions'>) => {
      const conditions: Expression<SqlBool>[] = [eb('id', '=', id)];
      if (write.where) conditions.push(write.where(eb));
      if (write.expectedVersion !== undefined) conditions.push(eb('version', '=', write.expectedVersion));
      return eb.and(conditions);
    };
    const bumped = { ...write.set, version: sql<number>`version + 1` };
    if (nextActionAt !== undefined) {
      // The schedule goes with the write it follows from, or not at all.
      return this.inTransaction(async (trx) => {
        const after = await new SubscriptionStore(trx).update(id, write);
        if (after)
          await trx.updateTable('subscription_schedule').set({ next_action_at: nextActionAt }).where('subscription_id', '=', id).execute();
        return after;
      });
    }
    if (!write.cause || columns.length === 0) {
      return (await this.db.updateTable('subscriptions').set(bumped).where(guarded).returningAll().executeTakeFirst()) ?? null;
    }
    const cause = write.cause;
    return this.inTransaction(async (trx) => {
      if (write.before) {
        const after = await trx.updateTable('subscriptions').set(bumped).where(guarded).returningAll().executeTakeFirst();
        if (!after) return null;
        await this.append(trx, cause, storedRowOf(write.before), after, columns);
        return after;
      }
      // The row as it was, locked by a write (a read first would let SQLite's second instance in between, and fail one of them).
      const before = await trx
        .updateTable('subscriptions')
        .set({ version: sql<number>`version + 1` })
        .where(guarded)
        .returningAll()
        .executeTakeFirst();
      if (!before) return null;
      const after = await trx.updateTable('subscriptions').set(write.set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      await this.append(trx, cause, before, after, columns);
      return after;
    });
  }

  /**
   * One statement over every row the guard picks (the engine's due claim, a catalogue
   * price change, a sign-in's claim): the rows as written. With a cause, each moved row's
   * history says `before` of it, which the guard makes the same for all, or which the caller
   * held of each row (`beforeOf`, a batch of records it read and decided one by one).
   */
  async updateMany(
    where: Guard,
    write: { set: Changes; cause?: Cause; before?: Partial<SubscriptionRow>; beforeOf?: (id: string) => Subscription | undefined },
  ): Promise<SubscriptionRow[]> {
    const run = (db: Kysely<Database>) =>
      db
        .updateTable('subscriptions')
        .set({ ...write.set, version: sql<number>`version + 1` })
        .where(where)
        .returningAll()
        .execute();
    const cause = write.cause;
    if (!cause) return run(this.db);
    const columns = (Object.keys(write.set) as (keyof SubscriptionRow)[]).filter(isContract);
    return this.inTransaction(async (trx) => {
      const rows = await run(trx);
      for (const row of rows) {
        const held = write.beforeOf?.(row.id);
        await this.append(trx, cause, held ? storedRowOf(held) : (write.before ?? {}), row, columns);
      }
      return rows;
    });
  }

  /**
   * One statement over the schedule rows the guard picks (a due claim, a lease given back, a
   * subscription made due): the rows as written. The subscription's row and its version stay
   * as they are: the schedule is the engine's, no part of the contract, so no history tells of it.
   */
  async updateSchedule(where: ScheduleGuard, set: ScheduleChanges): Promise<ScheduleRow[]> {
    return this.db.updateTable('subscription_schedule').set(set).where(where).returningAll().execute();
  }

  /** The history row of an applied write: the columns it set that did change; nothing when none did. */
  private async append(
    trx: Kysely<Database>,
    cause: Cause,
    before: Partial<Record<keyof SubscriptionRow, unknown>>,
    after: SubscriptionRow,
    columns: readonly (keyof SubscriptionRow)[],
  ): Promise<void> {
    const was: Record<string, unknown> = {};
    const is: Record<string, unknown> = {};
    for (const column of columns) {
      const old = stored(column, before[column]);
      const now = stored(column, after[column]);
      if (JSON.stringify(old) === JSON.stringify(now)) continue;
      if (column in before) was[column] = old;
      is[column] = now;
    }
    if (Object.keys(is).length === 0) return;
    await insertHistoryRow(trx, after, cause, was, is);
  }

  private inTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }
}

/**
 * Appends to a subscription's history an event that changes none of its columns: a refund,
 * a notice sent without a new price, a declaration, an action of customer care. `facts` are
 * the event's own (a refund's id and amount, a notice's kind), kept as its `after`. Call it
 * in the transaction that writes the event's own record, so that both are kept or neither.
 * The store stays the only writer of `subscriptions`: this reads the row, never writes it.
 * False when there is no such subscription.
 */
export async function appendHistoryEvent(db: Kysely<Database>, subscriptionId: string, cause: Cause, facts: EventFacts): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select(['id', 'version', 'clock_offset_ms'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  if (!row) return false;
  await insertHistoryRow(db, row, cause, {}, facts);
  return true;
}

/** One history row, at the subscription's version and on its clock as `row` holds them. */
async function insertHistoryRow(
  db: Kysely<Database>,
  row: Pick<SubscriptionRow, 'id' | 'version' | 'clock_offset_ms'>,
  cause: Cause,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  // Real time, whatever clock the caller's checks run on: the history is in the order it was written.
  const at = new Date();
  await db
    .insertInto('subscription_history')
    .values({
      id: historyRowId(at),
      subscription_id: row.id,
      version: Number(row.version),
      at: at.toISOString(),
      // PostgreSQL's bigint comes back as a string.
      clock_at: new Date(at.getTime() + Number(row.clock_offset_ms)).toISOString(),
      event: cause.event,
      actor_kind: cause.actor.kind,
      actor_id: cause.actor.id ?? null,
      before_json: JSON.stringify(before),
      after_json: JSON.stringify(after),
      created_at: at.toISOString(),
    })
    .execute();
}

/** A column's value as the history keeps it: JSON columns as their objects, numbers as numbers (PostgreSQL's bigint is text). */
function stored(column: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (column.endsWith('_json') && typeof value === 'string') return JSON.parse(value) as unknown;
  if (column === 'clock_offset_ms') return Number(value);
  return value;
}
