import type { Kysely } from 'kysely';

/**
 * The notices the renewal engine sends before a renewal (California as amended by AB 2863,
 * New York GBL 527-a), each recorded: which subscription, what (`kind`, and the instant it is
 * about: the period end, or the anniversary), when it was due and sent, and the e-mail. One
 * per subscription, kind and instant, whoever sends it.
 * `subscriptions.introductory_until`: the end of a first period that was a free trial or a
 * promotional price, when it lasts long enough to need its own notice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('about', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'text')
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addUniqueConstraint('subscription_notices_once', ['subscription_id', 'kind', 'about'])
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('introductory_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('introductory_until').execute();
  await db.schema.dropTable('subscription_notices').execute();
}
