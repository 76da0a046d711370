import { sql, type Kysely } from 'kysely';

/**
 * The public withdrawal page's request only records a declaration; the background pass
 * (lib/server/withdrawal/publicWithdrawalsPass.ts) matches it to a purchase and acknowledges
 * it. So that the answer takes the same time, and does the same work, whatever was typed
 * (issue 36). `withdrawals.examined_at` is null until the pass has looked at it; withdrawals
 * from the account, and every declaration made before, were examined when they were declared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').addColumn('examined_at', 'text').execute();
  await sql`update withdrawals set examined_at = declared_at`.execute(db);
  // Nearly every row is examined: the pass finds the few waiting ones without reading the table.
  await db.schema.createIndex('withdrawals_unexamined').on('withdrawals').columns(['examined_at', 'declared_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('withdrawals_unexamined').execute();
  await db.schema.alterTable('withdrawals').dropColumn('examined_at').execute();
}
