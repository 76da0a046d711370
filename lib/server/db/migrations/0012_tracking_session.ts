import type { Kysely } from 'kysely';

/**
 * The session id the order's tracking events carried when it was sent. A visitor who has
 * not consented to stored identifiers gets a new id with every page load, and 3-D Secure
 * and the wallets bring them back in a new page: the page coming back continues the visit
 * with this id, so the funnel counts one visitor, not two. The order's purchase event
 * carries the same id anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('tracking_session_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('tracking_session_id').execute();
}
