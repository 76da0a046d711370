import { sql, type Kysely } from 'kysely';

/**
 * The public cancel page's request only records a declaration; the background pass
 * (lib/server/subscriptions/cancelDeclarationsPass.ts) applies it: finds the address's
 * subscriptions, cancels them, asks PayPal to stop, e-mails. So that the answer takes the
 * same time, and does the same work, for every address (issue 36). `applied_at` is null
 * until then; `origin` is the site the declaration reached, for the e-mails' links.
 * Declarations made before were applied when they were declared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cancel_declarations').addColumn('applied_at', 'text').execute();
  await db.schema.alterTable('cancel_declarations').addColumn('origin', 'text').execute();
  await sql`update cancel_declarations set applied_at = declared_at`.execute(db);
  // Nearly every row is applied: the pass finds the few pending ones without reading the table.
  await db.schema.createIndex('cancel_declarations_pending').on('cancel_declarations').columns(['applied_at', 'declared_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('cancel_declarations_pending').execute();
  await db.schema.alterTable('cancel_declarations').dropColumn('origin').execute();
  await db.schema.alterTable('cancel_declarations').dropColumn('applied_at').execute();
}
