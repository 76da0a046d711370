import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Which database a handle (or a transaction on it) talks to, read from Kysely's own
 * adapter, so that nothing has to carry the dialect beside the handle.
 */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * One text field of a JSON document kept in a text column. SQLite and PostgreSQL spell
 * it differently; the key is bound as a parameter on both.
 */
export function jsonTextField(db: Kysely<any>, column: string, key: string): RawBuilder<string | null> {
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::jsonb ->> ${key})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${`$.${key}`})`;
}
