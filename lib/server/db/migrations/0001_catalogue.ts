import type { Kysely } from 'kysely';

/** The catalogue: brands, offers, checkout flows with their plans, and coupons. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('brands')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('identity_json', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('brand_slug', 'text', (c) => c.notNull().references('brands.slug'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('discounted_amount', 'integer')
    .addColumn('billing_interval', 'text', (c) => c.notNull())
    .addColumn('trial_offer', 'integer', (c) => c.notNull())
    .addColumn('trial_days', 'integer')
    .addColumn('is_print_offer', 'integer', (c) => c.notNull())
    .addColumn('is_cross_sell', 'integer', (c) => c.notNull())
    .addColumn('parent_offer_id', 'text')
    .addColumn('features_json', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('checkout_flows')
    .addColumn('campaign_id', 'text', (c) => c.primaryKey())
    .addColumn('brand_slug', 'text', (c) => c.notNull().references('brands.slug'))
    .addColumn('url_slug', 'text', (c) => c.notNull())
    .addColumn('headline', 'text', (c) => c.notNull())
    .addColumn('subheadline', 'text', (c) => c.notNull())
    .addColumn('enable_pre_auth', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('checkout_flows_brand_url_slug', ['brand_slug', 'url_slug'])
    .execute();

  await db.schema
    .createTable('checkout_flow_plans')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('checkout_flows.campaign_id'))
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('checkout_flow_plans_pk', ['campaign_id', 'position'])
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('percent_off', 'real')
    .addColumn('amount_off', 'integer')
    .addColumn('currency_code', 'text')
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['coupons', 'checkout_flow_plans', 'checkout_flows', 'offers', 'brands', 'catalogue_version']) {
    await db.schema.dropTable(table).execute();
  }
}
