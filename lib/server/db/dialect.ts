import type SQLite from 'better-sqlite3';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

/** What createDb knows of a handle: its dialect, and the driver's own connection or pool for the hot paths. */
export interface HandleFacts {
  dialect: Dialect;
  sqlite?: SQLite.Database;
  pool?: pg.Pool;
}

/**
 * Kept on the handle's adapter under a global symbol. A handle and every transaction on it
 * share their adapter; and Next's server bundles hold several copies of our modules and of
 * Kysely (a handle made in one route's copy is used by another's), so neither a module's
 * own WeakMap nor `instanceof` would be seen across them. Symbol.for is the same in all.
 */
const FACTS = Symbol.for('purchase-journey.db-handle-facts');

type Tagged = { [FACTS]?: HandleFacts };

/** A handle on either database whatever its tables: the app's, the tracking one, or a test's. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own spelling for "any schema"
export type AnyKysely = Kysely<any>;

export function recordHandleFacts(db: AnyKysely, facts: HandleFacts): void {
  (db.getExecutor().adapter as Tagged)[FACTS] = facts;
}

export function handleFacts(db: AnyKysely): HandleFacts | undefined {
  return (db.getExecutor().adapter as Tagged)[FACTS];
}

/** Which database a handle (or a transaction on it) talks to. */
export function dialectOf(db: AnyKysely): Dialect {
  return handleFacts(db)?.dialect ?? (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
}

/**
 * One text field of a JSON document kept in a text column. SQLite and PostgreSQL spell
 * it differently; the key is bound as a parameter on both.
 */
export function jsonTextField(db: AnyKysely, column: string, key: string): RawBuilder<string | null> {
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::jsonb ->> ${key})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${`$.${key}`})`;
}
