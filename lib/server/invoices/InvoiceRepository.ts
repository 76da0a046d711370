import type { Kysely } from 'kysely';
import type { Invoice } from '@/lib/invoices/invoice';
import type { Database } from '@/lib/server/db/schema';
import { invoiceOf, invoiceRow } from './invoiceRows';

/**
 * Invoices as issued. One is written once, in the database transaction that records its
 * payment and takes its number (TransactionRepository.markSucceeded, RenewalRepository.recordPaid),
 * and never changed.
 */
export class InvoiceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async issue(invoice: Invoice): Promise<void> {
    await this.db.insertInto('invoices').values(invoiceRow(invoice)).execute();
  }

  async findByNumber(number: string): Promise<Invoice | null> {
    const row = await this.db.selectFrom('invoices').selectAll().where('number', '=', number).executeTakeFirst();
    return row ? invoiceOf(row) : null;
  }

  async findByTransaction(transactionId: string): Promise<Invoice | null> {
    const row = await this.db.selectFrom('invoices').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
    return row ? invoiceOf(row) : null;
  }

  /** The invoices of these subscriptions (the purchase's, then each renewal's), oldest first. */
  async ofSubscriptions(subscriptionIds: readonly string[]): Promise<Invoice[]> {
    if (subscriptionIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', 'in', subscriptionIds)
      .orderBy('issued_at', 'asc')
      .orderBy('number', 'asc')
      .execute();
    return rows.map(invoiceOf);
  }
}
