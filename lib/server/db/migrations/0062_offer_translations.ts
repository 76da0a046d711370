import type { Kysely } from 'kysely';

/**
 * Issue 40: an offer's words in the other languages its campaigns offer (a Quebec buyer's
 * French on an English campaign), as JSON by locale; null: none, as every offer before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('offers').addColumn('translations_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('offers').dropColumn('translations_json').execute();
}
