import type { Kysely } from 'kysely';

/**
 * Issue 39: a print subscription's delivery address carries its country and region, which
 * its renewals are taxed in and which the account, the mails and the invoices write. The
 * addresses kept before had none: they take the billing country and region of the purchase,
 * where the magazine went (the checkout delivered within the billing country then).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration reads the tables as they were then, not as schema.ts says now
type Db = Kysely<any>;

const BATCH = 500;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Db;
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('subscriptions')
      .innerJoin('transactions', 'transactions.id', 'subscriptions.transaction_id')
      .select(['subscriptions.id as id', 'subscriptions.delivery_address_json as address', 'transactions.customer_json as customer'])
      .where('subscriptions.id', '>', after)
      .where('subscriptions.delivery_address_json', 'is not', null)
      .orderBy('subscriptions.id')
      .limit(BATCH)
      .execute()) as { id: string; address: string; customer: string }[];
    if (rows.length === 0) return;
    for (const row of rows) {
      const placed = withBillingPlace(row.address, row.customer);
      if (placed) await db.updateTable('subscriptions').set({ delivery_address_json: placed }).where('id', '=', row.id).execute();
    }
    after = rows.at(-1)!.id;
  }
}

/** The address with the billing country and region, or null when it has a country already (or cannot be read). */
function withBillingPlace(addressJson: string, customerJson: string): string | null {
  try {
    const address = JSON.parse(addressJson) as Record<string, unknown>;
    if (typeof address.country === 'string') return null;
    const { country, region } = JSON.parse(customerJson) as { country?: unknown; region?: unknown };
    if (typeof country !== 'string') return null;
    return JSON.stringify({ ...address, country, ...(typeof region === 'string' && region !== '' ? { region } : {}) });
  } catch {
    return null;
  }
}

/** The countries stay: an address that has one is the same address to the code from before. */
export async function down(): Promise<void> {}
