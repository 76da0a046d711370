import type { Kysely } from 'kysely';

/**
 * The saving in sight (issue 25): an offer may carry a saving badge for its card and an
 * image (JSON: src, alt, width, height). Both nullable, so catalogues imported before keep
 * working and show neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('offers').addColumn('saving_badge', 'text').execute();
  await db.schema.alterTable('offers').addColumn('image_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('offers').dropColumn('image_json').execute();
  await db.schema.alterTable('offers').dropColumn('saving_badge').execute();
}
