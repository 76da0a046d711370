import type { Kysely } from 'kysely';
import type { SellerEntry } from '@/lib/invoices/seller';
import { nextDocumentNumber } from '@/lib/server/checkout/invoiceNumbers';
import type { Database } from '@/lib/server/db/schema';

/**
 * The next credit note number of the invoice's seller (or the global series), mode and year,
 * gap-free (US-CN-2026-000001; CN-2026-000042 before the seller's series, or without one),
 * as invoice numbers are (lib/server/checkout/invoiceNumbers.ts). Call it in the transaction
 * that records the refund as made: the number is taken only if that commits, so a refused
 * refund takes none.
 */
export const nextCreditNoteNumber = (
  trx: Kysely<Database>,
  livemode: boolean,
  at: Date,
  seller: SellerEntry | null = null,
): Promise<string> => nextDocumentNumber(trx, 'credit-note', livemode, at, seller);
