import { parse, serialize } from 'cookie';

/**
 * The receipt a paying browser keeps: its transaction id and the attempt's idempotency
 * key, which only that browser knows and of which the server keeps only a hash. It is
 * what lets the visitor who paid, and nobody else, see the invoice.
 */
export const RECEIPT_COOKIE = 'pj_receipt';
const MAX_AGE_S = 7 * 24 * 3600;

export interface Receipt {
  transactionId: string;
  token: string;
}

/** Secure when the site is https (secureCookies: PUBLIC_ORIGIN decides, never the Host header). */
export function receiptCookie(receipt: Receipt, secure: boolean): string {
  return serialize(RECEIPT_COOKIE, `${receipt.transactionId}.${receipt.token}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: MAX_AGE_S,
  });
}

export function readReceipt(cookieHeader: string | undefined): Receipt | null {
  const value = cookieHeader ? parse(cookieHeader)[RECEIPT_COOKIE] : undefined;
  const match = value ? /^(txn_[a-f0-9]{24})\.([0-9a-f-]{36})$/.exec(value) : null;
  return match ? { transactionId: match[1]!, token: match[2]! } : null;
}
