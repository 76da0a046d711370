import { sql, type Kysely } from 'kysely';
import { dialectOf } from '@/lib/server/db/dialect';

/**
 * The bad-row limiter's state in the tracking database (issue 13), so that every instance
 * behind the load balancer shares one budget and a window's summaries are written once.
 *
 * bad_row_windows: one row per one-minute window in which a refused request was tallied:
 * how many addresses have tallies of their own in it (the bound on those rows), and when
 * its summaries were claimed (null until an instance claims them; the claim is a
 * conditional update, so exactly one instance's succeeds).
 *
 * bad_row_tallies: per window, address and channel, what became of its refused requests:
 * kept as bad rows, or not kept (of those, over the accepted-events limit), and the last
 * reason. The address '' sums the addresses beyond those followed per window.
 *
 * Text columns compare bytewise on PostgreSQL, as 0013 made every earlier one: the window
 * starts are ISO times compared as text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = dialectOf(db) === 'postgres' ? sql`text collate "C"` : 'text';
  await db.schema
    .createTable('bad_row_windows')
    .addColumn('window_start', text, (c) => c.primaryKey())
    .addColumn('followed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('summarised_at', text)
    .execute();
  await db.schema
    .createTable('bad_row_tallies')
    .addColumn('window_start', text, (c) => c.notNull())
    .addColumn('client', text, (c) => c.notNull())
    .addColumn('channel', text, (c) => c.notNull())
    .addColumn('kept', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('suppressed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('limited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_reason', text, (c) => c.notNull().defaultTo(''))
    .addColumn('last_at', text, (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('bad_row_tallies_pk', ['window_start', 'client', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bad_row_tallies').execute();
  await db.schema.dropTable('bad_row_windows').execute();
}
