import type { Kysely } from 'kysely';

/**
 * Issue 40: every campaign keeps its versions. A version is what the campaign was and sold
 * (lib/campaigns/campaignContent.ts) when it was recorded, kept whole and never changed:
 * numbered from 1 per campaign, with who recorded it (an import, an operator). A catalogue
 * imported before this migration has its campaigns' first versions at its next import.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_versions')
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('author_kind', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_versions_pk', ['campaign_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_versions').execute();
}
