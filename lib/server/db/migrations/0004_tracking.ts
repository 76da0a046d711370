import type { Kysely } from 'kysely';

/**
 * The tracking data the business runs on: every accepted event of the built-in funnel,
 * segmentation, analytics and schema-inspection endpoints, the rejected ones with the
 * reason (bad rows, never dropped), and the event schemas the inspector has observed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracking_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    // funnel | segmentation | analytics
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('topic', 'text')
    .addColumn('campaign_id', 'text')
    .addColumn('session_id', 'text')
    .addColumn('source', 'text')
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .execute();
  // One index besides the key, because every beacon row pays for each: ids sort by arrival
  // time (lib/server/tracking/storage/arrivalIds), so the key serves time ranges, and the campaign
  // index serves what QA and the report ask per campaign.
  await db.schema.createIndex('tracking_events_campaign').on('tracking_events').columns(['campaign_id', 'received_at']).execute();

  await db.schema
    .createTable('tracking_bad_rows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // The request as received, cut to a bounded size.
    .addColumn('raw', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tracking_bad_rows_received').on('tracking_bad_rows').columns(['received_at']).execute();

  await db.schema
    .createTable('schema_observations')
    .addColumn('event_name', 'text', (c) => c.notNull())
    // Property names and types, never values, as sorted JSON.
    .addColumn('schema_json', 'text', (c) => c.notNull())
    .addColumn('first_seen', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('schema_observations_pk', ['event_name', 'schema_json'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['schema_observations', 'tracking_bad_rows', 'tracking_events']) await db.schema.dropTable(table).execute();
}
