import type { Kysely } from 'kysely';

/**
 * A mail about a test-mode subscription whose test clock was moved speaks of the clock's
 * date (issue 36): the outbox keeps that date beside when the mail was really written, so
 * that the mail is due, sorted and shown by the real time and QA still sees the clock's.
 * Null for every other mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('clock_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('clock_at').execute();
}
