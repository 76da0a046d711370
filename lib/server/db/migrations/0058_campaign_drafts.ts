import { sql, type Kysely } from 'kysely';

/**
 * Issue 40: a version saved in the studio is a draft until it is published. A version an
 * import recorded was published when it was recorded, so those kept so far are marked so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaign_versions').addColumn('published_at', 'text').execute();
  await sql`UPDATE campaign_versions SET published_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaign_versions').dropColumn('published_at').execute();
}
