import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Coupons get a scope (brands, campaigns, offers, or "all"), a total and a per-customer
 * redemption cap; `coupon_redemptions` keeps each order's use of a coupon (held while its
 * payment is under way, redeemed once paid) and `coupon_locks` one row per coupon and mode
 * that a hold locks, so that two buyers racing for the last redemption are decided one
 * after the other on SQLite and PostgreSQL alike. Coupons that existed before keep working
 * everywhere, as they did: their scope is written out as "all" for operators to narrow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('scope_json', 'text', (c) => c.notNull().defaultTo('"all"'))
    .execute();
  await db.schema.alterTable('coupons').addColumn('max_redemptions', 'integer').execute();
  await db.schema.alterTable('coupons').addColumn('max_redemptions_per_customer', 'integer').execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('coupon_code', 'text', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('email_digest', 'text', (c) => c.notNull())
    .addColumn('held_at', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'text')
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_by_coupon')
    .on('coupon_redemptions')
    .columns(['coupon_code', 'livemode', 'email_digest'])
    .execute();

  await db.schema
    .createTable('coupon_locks')
    .addColumn('coupon_code', 'text', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_locks_pkey', ['coupon_code', 'livemode'])
    .execute();

  // Orders paid with a coupon before this migration count against caps set from now on.
  const paid = await sql<{
    id: string;
    coupon_code: string;
    livemode: number;
    customer_email: string;
    created_at: string;
    updated_at: string;
  }>`
    select id, coupon_code, livemode, customer_email, created_at, updated_at from transactions
    where kind = 'purchase' and status = 'succeeded' and coupon_code is not null and coupon_code <> ''
  `.execute(db);
  for (const row of paid.rows) {
    const digest = createHash('sha256').update(row.customer_email.trim().toLowerCase()).digest('hex');
    await sql`
      insert into coupon_redemptions (transaction_id, coupon_code, livemode, email_digest, held_at, redeemed_at)
      values (${row.id}, ${row.coupon_code}, ${row.livemode}, ${digest}, ${row.created_at}, ${row.updated_at})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_locks').execute();
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.alterTable('coupons').dropColumn('max_redemptions_per_customer').execute();
  await db.schema.alterTable('coupons').dropColumn('max_redemptions').execute();
  await db.schema.alterTable('coupons').dropColumn('scope_json').execute();
}
