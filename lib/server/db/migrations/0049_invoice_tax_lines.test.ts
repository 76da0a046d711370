import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import { boughtAndRenewed } from '@/tests/fixtures/invoiceRecords';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0049_invoice_tax_lines';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const columnsOfInvoices = async () =>
  (await db.introspection.getTables()).find((table) => table.name === 'invoices')!.columns.map((column) => column.name);

describe('0049_invoice_tax_lines', () => {
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
});
