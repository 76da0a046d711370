import type { Kysely } from 'kysely';
import { dialectOf } from '@/lib/server/db/dialect';

/**
 * Issue 40: pictures uploaded in the studio, kept in the database (instances keep no files),
 * each under the hash of its bytes: the same picture twice is one row, and an address never
 * shows another picture, so that it may be kept for a year.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('offer_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_length', 'integer', (c) => c.notNull())
    .addColumn('bytes', bytes, (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('offer_images').execute();
}
