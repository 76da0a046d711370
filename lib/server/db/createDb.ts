import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { handleFacts, recordHandleFacts } from './dialect';
import type { Database } from './schema';
import { MIGRATIONS } from './migrations';

export type DbConfig =
  | { dialect: 'sqlite'; filename: string }
  | {
      dialect: 'postgres';
      connectionString: string;
      /** Connections this process may hold (pg's pool); each instance of the app has its own. */
      poolSize?: number;
    };

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/**
 * Reads DATABASE_URL: "file:relative/or/absolute.db" or "file::memory:" for SQLite, or
 * "postgres://user:password@host:port/database" (also "postgresql://") for PostgreSQL.
 */
export function parseDatabaseUrl(url: string, poolSize?: number): DbConfig {
  if (url.startsWith('file:')) {
    const filename = url.slice('file:'.length);
    if (!filename) throw new Error('DATABASE_URL "file:" needs a path, such as file:data/journey.db');
    return { dialect: 'sqlite', filename };
  }
  if (POSTGRES_URL.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error('DATABASE_URL is not a readable PostgreSQL URL: use postgres://user:password@host:5432/database');
    }
    if (!parsed.hostname && !parsed.searchParams.get('host'))
      throw new Error('DATABASE_URL names PostgreSQL without a host: use postgres://user:password@host:5432/database');
    return { dialect: 'postgres', connectionString: url, ...(poolSize ? { poolSize } : {}) };
  }
  throw new Error(`DATABASE_URL must start with "file:" (SQLite) or "postgres://" (PostgreSQL); got "${url.slice(0, 40)}"`);
}

/** The SQLite connection behind a handle, for the hot paths that write it directly (tracking ingestion). */
export function sqliteHandleOf(db: Kysely<Database>): SQLite.Database | undefined {
  return handleFacts(db)?.sqlite;
}

/** The pg pool behind a handle, for the same hot paths on PostgreSQL (named prepared statements). */
export function postgresPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return handleFacts(db)?.pool;
}

/**
 * pg hands 64-bit integers and numerics over as strings, so that none loses precision. Ours
 * are counts and sums of cents, far below 2^53: as numbers, they read the same on both
 * databases. The parsers are this pool's own; pg's global table is left alone.
 */
const POSTGRES_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function createDb(config: DbConfig): Kysely<Database> {
  if (config.dialect === 'postgres') return createPostgresDb(config.connectionString, config.poolSize ?? 10);
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
  recordHandleFacts(db, { dialect: 'sqlite', sqlite });
  return db;
}

/**
 * Kysely ends a pool only if a query of its own opened it; the hot paths (group commit, rate
 * counters) borrow connections from the same pool directly, so a handle that only served
 * them would keep its connections open after destroy(). This handle ends its pool in any case.
 */
class PoolOwningKysely extends Kysely<Database> {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    super({ dialect: new PostgresDialect({ pool }) });
    this.#pool = pool;
  }

  override async destroy(): Promise<void> {
    await super.destroy();
    if (!this.#pool.ending) await this.#pool.end();
  }
}

function createPostgresDb(connectionString: string, max: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max, types: POSTGRES_TYPES, connectionTimeoutMillis: 10_000 });
  // An idle connection the server drops (a restart, a failover) must not crash the process:
  // the pool discards it and the next query opens a new one. While the pool ends, a server
  // that drops the closing connections first (a forced drop, a shutdown) is expected, not news.
  pool.on('error', (error) => {
    if (!pool.ending) console.error('[db] an idle PostgreSQL connection failed:', error.message);
  });
  const db = new PoolOwningKysely(pool);
  recordHandleFacts(db, { dialect: 'postgres', pool });
  return db;
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Brings the schema to the latest version. Kysely's migrator takes a lock first (a table
 * lock on SQLite, an advisory lock on PostgreSQL), so instances starting together migrate once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
