import type { Kysely } from 'kysely';

/**
 * Issue 40: a campaign's version published at a chosen time. One schedule per campaign at
 * most; the schedules job publishes it when its time comes, and deletes the row with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_schedules')
    .addColumn('campaign_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('publish_at', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaign_schedules_publish_at').on('campaign_schedules').column('publish_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_schedules').execute();
}
