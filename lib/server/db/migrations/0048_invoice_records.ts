import { sql, type Kysely, type Selectable } from 'kysely';
import { issueInvoice } from '@/lib/invoices/invoice';
import type { TransactionTable } from '@/lib/server/db/schema';
import { invoiceRow, paidOrderOfRow } from '@/lib/server/invoices/invoiceRows';

/**
 * Invoices and credit notes as records of their own (issue 37), each keeping what it states
 * as issued: `invoices` (one per paid order or renewal, its number, lines, tax and the buyer
 * as billed) and `credit_notes` (one per refund made, the invoice it credits). Backfilled
 * from the numbered transactions and refunds, every number kept as it is. The numbers stay on
 * `transactions.invoice_number` and `refunds.credit_note_number` too, written with the
 * records, for the readers that only name them (mails, withdrawals, care's lists).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration reads the tables as they were then, not as schema.ts says now
type Db = Kysely<any>;

const BATCH = 500;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Db;
  await db.schema
    .createTable('invoices')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('subscription_id', 'text')
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('brand_slug', 'text', (c) => c.notNull())
    .addColumn('offer_name', 'text', (c) => c.notNull())
    .addColumn('billed_to_json', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('lines_json', 'text', (c) => c.notNull())
    .addColumn('price_terms_json', 'text')
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('tax', 'integer', (c) => c.notNull())
    .addColumn('tax_rate_json', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('payment_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_by_subscription').on('invoices').columns(['subscription_id', 'issued_at']).execute();
  await db.schema
    .createTable('credit_notes')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('refund_id', 'text', (c) => c.notNull().unique())
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_notes_by_invoice').on('credit_notes').column('invoice_number').execute();
  await backfillInvoices(db);
  // A refund's settling time is its credit note's date, as the invoice page showed it.
  await sql`insert into credit_notes (number, refund_id, invoice_number, livemode, issued_at, currency_code, amount, reason)
    select refunds.credit_note_number, refunds.id, transactions.invoice_number, refunds.livemode,
      coalesce(refunds.settled_at, refunds.created_at), refunds.currency_code, refunds.amount_minor, refunds.reason
    from refunds join transactions on transactions.id = refunds.transaction_id
    where refunds.credit_note_number is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.dropTable('invoices').execute();
}

/**
 * Each numbered transaction's invoice, as the invoice page built it from the transaction:
 * issued when the payment was recorded (`updated_at`, which nothing moves after that). Built
 * by the code that issues new ones, so that a backfilled invoice reads exactly as a new one.
 */
async function backfillInvoices(db: Db): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('transactions')
      .selectAll()
      .where('invoice_number', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const transactions = rows as Selectable<TransactionTable>[];
    await db
      .insertInto('invoices')
      .values(
        transactions.map((row) => {
          // Its tax lines are 0049's column, its seller 0054's: this table has neither yet.
          const {
            tax_lines_json: _added0049,
            seller_json: _added0054,
            billed_to_json: _addressesOf39,
            ...invoice
          } = invoiceRow(issueInvoice(paidOrderOfRow(row), row.invoice_number!, row.updated_at, null));
          // Billed to as these invoices were issued then: the name, e-mail and country.
          const { firstName, lastName, email, country } = JSON.parse(row.customer_json) as Record<string, string>;
          return { ...invoice, billed_to_json: JSON.stringify({ name: `${firstName} ${lastName}`, email, country }) };
        }),
      )
      .execute();
    after = transactions.at(-1)!.id;
  }
}
