import type { IncomingMessage } from 'node:http';
import type { Billing } from '@/lib/checkout/billing';
import type { TransactionView } from '@/lib/checkout/transactionView';
import { readReceipt } from '@/lib/server/checkout/receiptCookie';
import { TransactionRepository, transactionView } from '@/lib/server/checkout/TransactionRepository';
import { matchesHash } from '@/lib/server/ids';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import type { ServerContext } from '@/lib/server/context/createServerContext';

/** What the success page can show: the visitor's own transaction, or why not. */
export type ReceiptLookup =
  | {
      kind: 'found';
      transaction: TransactionView;
      /** The session id the order's events carried when it was sent (tracking continues it). */
      trackingSessionId: string | null;
      /** The billing details as the buyer gave them (the invoice's "Billed to"). */
      billing: Billing;
    }
  | { kind: 'missing' };

/**
 * Finds the transaction of the receipt cookie, for this campaign only. The cookie holds
 * the attempt's key, of which the server keeps a hash: guessing a transaction id shows
 * nothing.
 */
export async function receiptFor(
  server: Pick<ServerContext, 'db' | 'config'>,
  req: IncomingMessage,
  campaignId: string,
): Promise<ReceiptLookup> {
  const receipt = readReceipt(req.headers.cookie, secureCookies(server.config));
  if (!receipt) return { kind: 'missing' };
  const row = await new TransactionRepository(server.db).findById(receipt.transactionId);
  if (!row || row.campaignId !== campaignId || !matchesHash(receipt.token, row.receiptTokenHash)) return { kind: 'missing' };
  return { kind: 'found', transaction: transactionView(row), trackingSessionId: row.trackingSessionId, billing: row.customer };
}
