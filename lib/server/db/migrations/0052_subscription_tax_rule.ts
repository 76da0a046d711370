import type { Kysely } from 'kysely';

/**
 * Issue 38: a subscription keeps its purchase's tax rule, so that its account, its notices
 * and its e-mails say a renewal's price as the market does: "including VAT" where the price
 * holds the tax, "plus any applicable tax" where it is added. The subscriptions from before
 * take it from their purchase's order, as their renewals already do.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration reads the tables as they were then, not as schema.ts says now
type Db = Kysely<any>;

const BATCH = 500;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Db;
  await db.schema
    .alterTable('subscriptions')
    .addColumn('tax_included', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('subscriptions')
      .innerJoin('transactions', 'transactions.id', 'subscriptions.transaction_id')
      .select(['subscriptions.id as id', 'transactions.order_json as order_json'])
      .where('subscriptions.id', '>', after)
      .orderBy('subscriptions.id')
      .limit(BATCH)
      .execute()) as { id: string; order_json: string }[];
    if (rows.length === 0) return;
    const included = rows.filter((row) => taxRateOf(row.order_json)?.inclusive === true).map((row) => row.id);
    if (included.length > 0) await db.updateTable('subscriptions').set({ tax_included: 1 }).where('id', 'in', included).execute();
    after = rows.at(-1)!.id;
  }
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  await (untyped as Db).schema.alterTable('subscriptions').dropColumn('tax_included').execute();
}

function taxRateOf(orderJson: string): { inclusive?: unknown } | null {
  try {
    const order = JSON.parse(orderJson) as { taxRate?: { inclusive?: unknown } };
    return order.taxRate ?? null;
  } catch {
    // An order kept before its shape was checked: its renewals fall back to tax added, as before.
    return null;
  }
}
