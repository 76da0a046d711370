import type { Kysely } from 'kysely';

/**
 * A success page that leads on (issue 25): each brand may name the URL where a new
 * subscriber starts reading, which the success page links. Nullable: catalogues imported
 * before keep working, and their success page names no link it does not have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('brands').addColumn('reading_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('brands').dropColumn('reading_url').execute();
}
