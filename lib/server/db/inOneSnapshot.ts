import type { Kysely, Transaction } from 'kysely';

/**
 * Runs reads in one read transaction, so that what they read agrees with itself while
 * writers carry on. Repeatable read: PostgreSQL's default gives each statement its own
 * snapshot (SQLite's transaction is one snapshot anyway and ignores the setting).
 */
export function inOneSnapshot<DB, T>(db: Kysely<DB>, read: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}
