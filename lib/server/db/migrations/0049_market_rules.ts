import type { Kysely } from 'kysely';

/**
 * Market law as data (issue: statutory wording per market).
 *
 * - What each tax of an invoice came to (`invoices.tax_lines_json`: [{ kind, rate, amount }]),
 *   kept as issued like the rest of it: Quebec's invoices state the GST and the QST apart.
 *   Null on the invoices issued before, each of one tax: theirs is the invoice's `tax`
 *   (keptTax.ts), so none needs rewriting.
 * - Subscriptions billed to France, not ended, are made due now: their next action was
 *   decided under the US notice windows (15 or 30 days before a yearly renewal), later than
 *   the L215-1 reminder now due 45 days before, which the engine's next pass schedules.
 *   Waking one early does nothing else: the engine finds no step due and schedules the next.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration reads the tables as they were then, not as schema.ts says now
type Db = Kysely<any>;

/** The market this migration added notices for; the country its purchases' billing addresses name. */
const FRANCE = 'FR';
const BATCH = 500;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Db;
  await db.schema.alterTable('invoices').addColumn('tax_lines_json', 'text').execute();
  await makeFrenchSubscriptionsDue(db, new Date().toISOString());
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Those made due stay due: the engine schedules them again under whatever rules it has.
  await db.schema.alterTable('invoices').dropColumn('tax_lines_json').execute();
}

async function makeFrenchSubscriptionsDue(db: Db, now: string): Promise<void> {
  let after = '';
  for (;;) {
    // The billing country is inside the purchase's JSON: read in batches and told apart here, the same on both dialects.
    const rows: { id: string; customer_json: string }[] = await db
      .selectFrom('subscriptions')
      .innerJoin('transactions', 'transactions.id', 'subscriptions.transaction_id')
      .select(['subscriptions.id as id', 'transactions.customer_json as customer_json'])
      .where('subscriptions.status', '<>', 'ended')
      .where('subscriptions.id', '>', after)
      .orderBy('subscriptions.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const french = rows.filter((row) => (JSON.parse(row.customer_json) as { country?: unknown }).country === FRANCE).map((row) => row.id);
    if (french.length > 0) {
      await db
        .updateTable('subscription_schedule')
        .set({ next_action_at: now })
        .where('subscription_id', 'in', french)
        .where('next_action_at', '>', now)
        .execute();
    }
    after = rows.at(-1)!.id;
  }
}
