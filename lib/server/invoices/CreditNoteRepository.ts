import type { Kysely } from 'kysely';
import type { CreditNote } from '@/lib/invoices/creditNote';
import type { Database } from '@/lib/server/db/schema';
import { creditNoteOf, creditNoteRow } from './invoiceRows';

/**
 * Credit notes as issued. One is written once, in the database transaction that records its
 * refund as made and takes its number (RefundRepository.succeed), and never changed.
 */
export class CreditNoteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async issue(note: CreditNote): Promise<void> {
    await this.db.insertInto('credit_notes').values(creditNoteRow(note)).execute();
  }

  async findByNumber(number: string): Promise<CreditNote | null> {
    const row = await this.db.selectFrom('credit_notes').selectAll().where('number', '=', number).executeTakeFirst();
    return row ? creditNoteOf(row) : null;
  }

  /**
   * The credit notes of one invoice, in the order their refunds were asked for (a refund asked
   * first may be made after a later one: the invoice lists them as they were asked).
   */
  async ofInvoice(invoiceNumber: string): Promise<CreditNote[]> {
    const rows = await this.db
      .selectFrom('credit_notes')
      .innerJoin('refunds', 'refunds.id', 'credit_notes.refund_id')
      .selectAll('credit_notes')
      .where('credit_notes.invoice_number', '=', invoiceNumber)
      .orderBy('refunds.created_at', 'asc')
      .orderBy('refunds.id', 'asc')
      .execute();
    return rows.map(creditNoteOf);
  }
}
