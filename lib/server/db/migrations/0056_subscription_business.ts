import type { Kysely } from 'kysely';

/**
 * Issue 39: a business buyer's company (its name, its VAT number and finance's check of it)
 * is the subscription's own, changed in the account and checked by finance, and named on
 * its later invoices. A subscription bought by a business before takes its purchase's
 * company, its VAT number unverified.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration reads the tables as they were then, not as schema.ts says now
type Db = Kysely<any>;

const BATCH = 500;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Db;
  await db.schema.alterTable('subscriptions').addColumn('business_json', 'text').execute();
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('subscriptions')
      .innerJoin('transactions', 'transactions.id', 'subscriptions.transaction_id')
      .select(['subscriptions.id as id', 'transactions.customer_json as customer'])
      .where('subscriptions.id', '>', after)
      .where('transactions.customer_json', 'like', '%"company"%')
      .orderBy('subscriptions.id')
      .limit(BATCH)
      .execute()) as { id: string; customer: string }[];
    if (rows.length === 0) return;
    for (const row of rows) {
      const business = businessOfCustomer(row.customer);
      if (business) await db.updateTable('subscriptions').set({ business_json: business }).where('id', '=', row.id).execute();
    }
    after = rows.at(-1)!.id;
  }
}

/** The purchase's company as the subscription keeps it (lib/checkout/businessOf.ts then), or null when it has none. */
function businessOfCustomer(customerJson: string): string | null {
  try {
    const { country, company } = JSON.parse(customerJson) as { country?: unknown; company?: { name?: unknown; vatNumber?: unknown } };
    if (typeof country !== 'string' || typeof company?.name !== 'string') return null;
    const vatNumber = typeof company.vatNumber === 'string' ? company.vatNumber : null;
    return JSON.stringify({ companyName: company.name, vatNumber, country, vatStatus: vatNumber ? 'unverified' : null });
  } catch {
    return null;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('business_json').execute();
}
