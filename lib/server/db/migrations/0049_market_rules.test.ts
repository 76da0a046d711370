import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import { boughtAndRenewed } from '@/tests/fixtures/invoiceRecords';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { down, up } from './0049_market_rules';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const columnsOfInvoices = async () =>
  (await db.introspection.getTables()).find((table) => table.name === 'invoices')!.columns.map((column) => column.name);

const FAR_AHEAD = '2099-01-01T00:00:00.000Z';

/** A paid purchase billed to `country`, its subscription scheduled far ahead; its subscription's id. */
async function subscribed(id: string, country: string): Promise<string> {
  const transactions = new TransactionRepository(db);
  const fixture = newTransactionFixture({ id });
  await transactions.create({ ...fixture, customer: { ...fixture.customer, email: `${id}@example.com`, country } });
  await transactions.markSucceeded(id, `pi_${id}`);
  const subscriptionId = (await transactions.findById(id))!.subscriptionId!;
  await db.updateTable('subscription_schedule').set({ next_action_at: FAR_AHEAD }).where('subscription_id', '=', subscriptionId).execute();
  return subscriptionId;
}

const nextActionOf = async (subscriptionId: string) =>
  (
    await db
      .selectFrom('subscription_schedule')
      .select('next_action_at')
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow()
  ).next_action_at;

describe('0049_market_rules', () => {
  it('keeps the invoices issued before it, each reading as its one tax', async () => {
    await boughtAndRenewed(db, 1);
    await down(db as Kysely<unknown>);
    expect(await columnsOfInvoices()).not.toContain('tax_lines_json');
    await up(db as Kysely<unknown>);
    const rows = await db.selectFrom('invoices').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.tax_lines_json === null)).toBe(true);
    for (const row of rows) {
      const invoice = (await new InvoiceRepository(db).findByTransaction(row.transaction_id))!;
      expect(invoice.taxRate.components).toHaveLength(1);
      expect(invoice.taxLines).toEqual([{ ...invoice.taxRate.components[0], amount: row.tax }]);
    }
  });

  it('makes the live subscriptions billed to France due now, so that their L215-1 reminder is scheduled; no other', async () => {
    const french = await subscribed('txn_fr', 'FR');
    const endedFrench = await subscribed('txn_fr_ended', 'FR');
    const american = await subscribed('txn_us', 'US');
    await db.updateTable('subscriptions').set({ status: 'ended' }).where('id', '=', endedFrench).execute();
    await down(db as Kysely<unknown>);
    const before = new Date().toISOString();
    await up(db as Kysely<unknown>);
    const due = await nextActionOf(french);
    expect(due! >= before && due! <= new Date().toISOString()).toBe(true);
    expect(await nextActionOf(endedFrench)).toBe(FAR_AHEAD);
    expect(await nextActionOf(american)).toBe(FAR_AHEAD);
  });
});
