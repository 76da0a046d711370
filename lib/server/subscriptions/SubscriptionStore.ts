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
/** A subscription's row as a write answers it: with where its test clock stands (0: the real clock). */
export type WrittenRow = SubscriptionRow & { clock_offset_ms: number };
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
  /** Where its test clock now stands (ms ahead of the real one), kept in its own record with the write; none: left as it is. */
  clockOffsetMs?: number;
}

/**
 * The engine's and the provider sync's bookkeeping: written through the store like the rest,
 * yet no part of the contract, so no history row tells of them.
 */
const BOOKKEEPING = new Set<string>(['id', 'provider_tries', 'version', 'created_at', 'updated_at']);

const isContract = (column: string) => !BOOKKEEPING.has(column);

/** The history's name of the test clock, a column of the row before migration 0047: its records before and after read it. */
const CLOCK = 'clock_offset_ms';

/**
 * Where the written row's test clock stands, answered by the write's own statement (SQLite
 * and PostgreSQL both take a subquery in `returning`): no read of its own per write.
 */
const clockOfRow = sql<number>`coalesce((select offset_ms from subscription_test_clocks
  where subscription_test_clocks.subscription_id = subscriptions.id), 0)`.as(CLOCK);

/**
 * The one writer of `subscriptions`, of the engine's `subscription_schedule` and of the test
 * clocks, `subscription_test_clocks` (issue 37): every insert and update of these tables in
 * the product goes through here (a test keeps it so: oneWriter.test.ts). Each write of a
 * subscription keeps the guard its caller gives, bumps `version`, may ask for the version the caller read, and
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
      // A new subscription follows the real clock (no test clock row), as its purchase's history has always said.
      const columns = [...Object.keys(inserted).filter(isContract), CLOCK];
      await this.append(trx, cause, {}, { ...inserted, [CLOCK]: 0 }, columns);
      return true;
    });
  }

  /** Writes one subscription if its guards hold: the row as written, or null when it did not apply. */
  async update(id: string, { nextActionAt, ...write }: Write): Promise<WrittenRow | null> {
    const moved = write.clockOffsetMs;
    const columns = [...Object.keys(write.set).filter(isContract), ...(moved === undefined ? [] : [CLOCK])];
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
    if (moved === undefined && (!write.cause || columns.length === 0)) {
      return (
        (await this.db.updateTable('subscriptions').set(bumped).where(guarded).returningAll().returning(clockOfRow).executeTakeFirst()) ??
        null
      );
    }
    const cause = write.cause;
    return this.inTransaction(async (trx) => {
      let before: Partial<Record<string, unknown>>;
      let after: WrittenRow | undefined;
      if (write.before || !cause) {
        after = await trx.updateTable('subscriptions').set(bumped).where(guarded).returningAll().returning(clockOfRow).executeTakeFirst();
        before = write.before ? storedRowOf(write.before) : {};
      } else {
        // The row as it was, locked by a write (a read first would let SQLite's second instance in between, and fail one of them).
        const locked = await trx
          .updateTable('subscriptions')
          .set({ version: sql<number>`version + 1` })
          .where(guarded)
          .returningAll()
          .returning(clockOfRow)
          .executeTakeFirst();
        before = locked ?? {};
        // A test clock's move alone sets no column of the row: the lock was its write.
        const setsColumns = Object.keys(write.set).length > 0;
        after =
          locked && setsColumns
            ? await trx
                .updateTable('subscriptions')
                .set(write.set)
                .where('id', '=', id)
                .returningAll()
                .returning(clockOfRow)
                .executeTakeFirstOrThrow()
            : locked;
      }
      if (!after) return null;
      if (moved !== undefined) {
        await setTestClock(trx, id, moved);
        after = { ...after, [CLOCK]: moved };
      }
      if (cause) await this.append(trx, cause, before, after, columns);
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
  ): Promise<WrittenRow[]> {
    const run = (db: Kysely<Database>) =>
      db
        .updateTable('subscriptions')
        .set({ ...write.set, version: sql<number>`version + 1` })
        .where(where)
        .returningAll()
        .returning(clockOfRow)
        .execute();
    const cause = write.cause;
    if (!cause) return run(this.db);
    const columns = Object.keys(write.set).filter(isContract);
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
    before: Partial<Record<string, unknown>>,
    after: WrittenRow,
    columns: readonly string[],
  ): Promise<void> {
    const was: Record<string, unknown> = {};
    const is: Record<string, unknown> = {};
    for (const column of columns) {
      const old = stored(column, before[column]);
      const now = stored(column, after[column as keyof WrittenRow]);
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
    .leftJoin('subscription_test_clocks', 'subscription_test_clocks.subscription_id', 'subscriptions.id')
    .select(['id', 'version', sql<number>`coalesce(subscription_test_clocks.offset_ms, 0)`.as(CLOCK)])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  if (!row) return false;
  await insertHistoryRow(db, row, cause, {}, facts);
  return true;
}

/** One history row, at the subscription's version and on its clock as `row` holds them. */
async function insertHistoryRow(
  db: Kysely<Database>,
  row: Pick<WrittenRow, 'id' | 'version' | 'clock_offset_ms'>,
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

/**
 * Moves a subscription's test clock to `offsetMs`: its record is made on its first move.
 * `moved_at` is real time, as the history row written with it.
 */
async function setTestClock(trx: Kysely<Database>, subscriptionId: string, offsetMs: number): Promise<void> {
  const movedAt = new Date().toISOString();
  await trx
    .insertInto('subscription_test_clocks')
    .values({ subscription_id: subscriptionId, offset_ms: offsetMs, moved_at: movedAt })
    .onConflict((oc) => oc.column('subscription_id').doUpdateSet({ offset_ms: offsetMs, moved_at: movedAt }))
    .execute();
}

/** A column's value as the history keeps it: JSON columns as their objects, numbers as numbers (PostgreSQL's bigint is text). */
function stored(column: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (column.endsWith('_json') && typeof value === 'string') return JSON.parse(value) as unknown;
  if (column === CLOCK) return Number(value);
  return value;
}
