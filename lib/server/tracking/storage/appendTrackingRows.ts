import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { postgresPoolOf, sqliteHandleOf } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { inPostgresTransaction } from '@/lib/server/db/postgresTransaction';

type EventRow = Database['tracking_events'];
type BadRow = Database['tracking_bad_rows'];

const EVENT_COLUMNS = [
  'id',
  'received_at',
  'channel',
  'action',
  'topic',
  'campaign_id',
  'session_id',
  'source',
  'livemode',
  'payload_json',
  'experiment_id',
  'variant_key',
] as const;
const BAD_ROW_COLUMNS = ['id', 'received_at', 'channel', 'reason', 'raw'] as const;

/**
 * Writes a group commit's events and bad rows in one transaction, all or none, through
 * statements prepared once per connection: beacon traffic is the hottest write path, and
 * building each INSERT anew costs a third more. Answers false when the handle has neither
 * a SQLite connection nor a pg pool of ours (the caller then writes through Kysely).
 */
export async function appendTrackingRows(db: Kysely<Database>, events: EventRow[], badRows: BadRow[]): Promise<boolean> {
  const sqlite = sqliteHandleOf(db);
  if (sqlite) {
    // Holding Kysely's one connection means no other query (and no open transaction of
    // another request) shares it meanwhile.
    await db.connection().execute(async () => writeSqlite(sqlite, events, badRows));
    return true;
  }
  const pool = postgresPoolOf(db);
  if (pool) {
    await writePostgres(pool, events, badRows);
    return true;
  }
  return false;
}

const sqliteStatements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

function sqliteInsert(sqlite: SQLite.Database, table: string, columns: readonly string[]): SQLite.Statement {
  let cache = sqliteStatements.get(sqlite);
  if (!cache) sqliteStatements.set(sqlite, (cache = new Map()));
  let statement = cache.get(table);
  if (!statement) {
    // Made on first use: a table that is missing fails that write only.
    statement = sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
    cache.set(table, statement);
  }
  return statement;
}

function writeSqlite(sqlite: SQLite.Database, events: EventRow[], badRows: BadRow[]): void {
  sqlite.transaction(() => {
    if (events.length > 0) {
      const insert = sqliteInsert(sqlite, 'tracking_events', EVENT_COLUMNS);
      for (const row of events) insert.run(EVENT_COLUMNS.map((column) => row[column]));
    }
    if (badRows.length > 0) {
      const insert = sqliteInsert(sqlite, 'tracking_bad_rows', BAD_ROW_COLUMNS);
      for (const row of badRows) insert.run(BAD_ROW_COLUMNS.map((column) => row[column]));
    }
  })();
}

/**
 * PostgreSQL takes a whole batch in one statement whatever its size: one array per column,
 * unnested into rows. The text never changes, so each connection prepares it once (a named
 * statement) and a batch costs one round trip and no parsing.
 */
const POSTGRES_APPENDS = {
  events: {
    name: 'journey_append_tracking_events',
    text: `insert into tracking_events (${EVENT_COLUMNS.join(', ')}) select * from unnest(${EVENT_COLUMNS.map((column, i) => `$${i + 1}::${column === 'livemode' ? 'integer' : 'text'}[]`).join(', ')})`,
  },
  badRows: {
    name: 'journey_append_tracking_bad_rows',
    text: `insert into tracking_bad_rows (${BAD_ROW_COLUMNS.join(', ')}) select * from unnest(${BAD_ROW_COLUMNS.map((_, i) => `$${i + 1}::text[]`).join(', ')})`,
  },
};

function columnArrays<Row, C extends keyof Row>(rows: Row[], columns: readonly C[]): unknown[][] {
  return columns.map((column) => rows.map((row) => row[column]));
}

async function writePostgres(pool: pg.Pool, events: EventRow[], badRows: BadRow[]): Promise<void> {
  await inPostgresTransaction(pool, async (client) => {
    if (events.length > 0) await client.query({ ...POSTGRES_APPENDS.events, values: columnArrays(events, EVENT_COLUMNS) });
    if (badRows.length > 0) await client.query({ ...POSTGRES_APPENDS.badRows, values: columnArrays(badRows, BAD_ROW_COLUMNS) });
  });
}
