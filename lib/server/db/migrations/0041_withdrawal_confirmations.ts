import { sql, type Kysely } from 'kysely';

/**
 * A withdrawal declared on the public page is seen by the subscriber first (issue 36): the
 * page records it and e-mails the subscription's own address a "confirm" and a "this was not
 * me" link; it is applied (ended, refunded) when confirmed, or by the background pass once the
 * objection window has passed without an objection.
 * - `withdrawals.applied_at`: when the subscription was ended for it (null while it waits);
 *   `objected_at`: when its subscriber said it was not them (its `subscription_id` is then
 *   cleared, so that the subscriber can still withdraw later; `transaction_id` keeps what it
 *   named); `origin`: the site it reached, for the links of the mails the pass writes.
 *   Declarations made before were applied when they were declared.
 * - `withdrawal_links`: the e-mailed links, single use, only their token's hash kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').addColumn('applied_at', 'text').execute();
  await db.schema.alterTable('withdrawals').addColumn('objected_at', 'text').execute();
  await db.schema.alterTable('withdrawals').addColumn('origin', 'text').execute();
  await sql`update withdrawals set applied_at = declared_at where subscription_id is not null`.execute(db);
  // Nearly every row is applied or matched nothing: the pass finds the few waiting ones by this index.
  await db.schema.createIndex('withdrawals_waiting').on('withdrawals').columns(['applied_at', 'declared_at']).execute();
  await db.schema
    .createTable('withdrawal_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('withdrawal_id', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawal_links_withdrawal').on('withdrawal_links').column('withdrawal_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_links').execute();
  await db.schema.dropIndex('withdrawals_waiting').execute();
  await db.schema.alterTable('withdrawals').dropColumn('origin').execute();
  await db.schema.alterTable('withdrawals').dropColumn('objected_at').execute();
  await db.schema.alterTable('withdrawals').dropColumn('applied_at').execute();
}
