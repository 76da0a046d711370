import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import { MIGRATIONS } from './migrations';

export type DbConfig = { dialect: 'sqlite'; filename: string };

/**
 * Reads DATABASE_URL: "file:relative/or/absolute.db" or "file::memory:" for SQLite.
 * PostgreSQL URLs are recognised so that the message says what is missing.
 */
export function parseDatabaseUrl(url: string): DbConfig {
  if (url.startsWith('file:')) {
    const filename = url.slice('file:'.length);
    if (!filename) throw new Error('DATABASE_URL "file:" needs a path, such as file:data/journey.db');
    return { dialect: 'sqlite', filename };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('DATABASE_URL names PostgreSQL, which this release does not support yet: use file:data/journey.db');
  }
  throw new Error(`DATABASE_URL must start with "file:" (SQLite); got "${url.slice(0, 40)}"`);
}

/** The SQLite connection behind each Kysely handle, for the one hot path that writes it directly (tracking ingestion). */
const sqliteHandles = new WeakMap<Kysely<Database>, SQLite.Database>();

export function sqliteHandleOf(db: Kysely<Database>): SQLite.Database | undefined {
  return sqliteHandles.get(db);
}

export function createDb(config: DbConfig): Kysely<Database> {
  const filename = config.filename === ':memory:' ? ':memory:' : path.resolve(config.filename);
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  // WAL lets readers (page renders) go on while an import writes; foreign keys guard the catalogue.
  sqlite.pragma('journal_mode = WAL');
  // This SQLite build defaults WAL to synchronous=NORMAL, which can lose the last commits on
  // power loss: a paid order or an acknowledged event must survive that too.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  sqliteHandles.set(db, sqlite);
  return db;
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
