import type { Kysely } from 'kysely';

/**
 * Issue 41: A/B tests of a campaign. An experiment shows 2 to 4 of the campaign's versions
 * (variants, weighted) to the visitors who consented to analytics; each such visitor is
 * enrolled once, on the offer page, and keeps the variant that enrolment gave them. Orders,
 * the subscriptions they start and funnel events name the experiment and the variant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('experiments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('paused_at', 'text')
    .addColumn('stopped_at', 'text')
    .addColumn('winner_key', 'text')
    .addColumn('winner_version', 'integer')
    .execute();
  await db.schema.createIndex('experiments_campaign').on('experiments').columns(['campaign_id', 'status']).execute();
  await db.schema
    .createTable('experiment_variants')
    .addColumn('experiment_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_variants_pk', ['experiment_id', 'key'])
    .execute();
  await db.schema
    .createTable('experiment_visitors')
    .addColumn('experiment_id', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('variant_key', 'text', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_visitors_pk', ['experiment_id', 'visitor_id'])
    .execute();
  await db.schema.createIndex('experiment_visitors_enrolled').on('experiment_visitors').columns(['experiment_id', 'enrolled_at']).execute();
  for (const table of ['transactions', 'subscriptions', 'tracking_events']) {
    await db.schema.alterTable(table).addColumn('experiment_id', 'text').execute();
    await db.schema.alterTable(table).addColumn('variant_key', 'text').execute();
  }
  await db.schema.createIndex('transactions_experiment').on('transactions').column('experiment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('transactions_experiment').execute();
  for (const table of ['tracking_events', 'subscriptions', 'transactions']) {
    await db.schema.alterTable(table).dropColumn('variant_key').execute();
    await db.schema.alterTable(table).dropColumn('experiment_id').execute();
  }
  await db.schema.dropTable('experiment_visitors').execute();
  await db.schema.dropTable('experiment_variants').execute();
  await db.schema.dropTable('experiments').execute();
}
