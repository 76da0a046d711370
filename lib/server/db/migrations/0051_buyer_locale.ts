import type { Kysely } from 'kysely';

/**
 * Issue 38: an order keeps the language its campaign spoke and the buyer's time zone, and
 * its subscription takes both, so that every later e-mail speaks as the checkout did and
 * shows times where the buyer is. Orders and subscriptions from before were all English,
 * with times in UTC: that is what they take.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['transactions', 'subscriptions']) {
    await db.schema
      .alterTable(table)
      .addColumn('locale', 'text', (column) => column.notNull().defaultTo('en-US'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('time_zone', 'text', (column) => column.notNull().defaultTo('UTC'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['subscriptions', 'transactions']) {
    await db.schema.alterTable(table).dropColumn('time_zone').execute();
    await db.schema.alterTable(table).dropColumn('locale').execute();
  }
}
