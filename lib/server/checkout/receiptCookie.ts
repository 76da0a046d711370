import { parse, serialize } from 'cookie';
import { RECEIPT_COOKIE } from '@/lib/checkout/receiptCookieName';

/**
 * The receipt a paying browser keeps: its transaction id and the attempt's idempotency
 * key, which only that browser knows and of which the server keeps only a hash. It is
 * what lets the visitor who paid, and nobody else, see the invoice.
 */
export { RECEIPT_COOKIE };

/**
 * On an https site the cookie is `__Host-pj_receipt`: browsers take such a cookie only
 * Secure, for this host alone and path /, so a sibling subdomain cannot plant a receipt of
 * its choosing. Over plain http (a developer's machine) the prefix cannot be set.
 */
export const receiptCookieName = (secure: boolean) => (secure ? `__Host-${RECEIPT_COOKIE}` : RECEIPT_COOKIE);
const MAX_AGE_S = 7 * 24 * 3600;

export interface Receipt {
  transactionId: string;
  token: string;
}

/** Secure when the site is https (secureCookies: PUBLIC_ORIGIN decides, never the Host header). */
export function receiptCookie(receipt: Receipt, secure: boolean): string {
  return serialize(receiptCookieName(secure), `${receipt.transactionId}.${receipt.token}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: MAX_AGE_S,
  });
}

/** The receipt under the name the site's scheme gives it (an https site reads only the `__Host-` one). */
export function readReceipt(cookieHeader: string | undefined, secure: boolean): Receipt | null {
  const value = cookieHeader ? parse(cookieHeader)[receiptCookieName(secure)] : undefined;
  const match = value ? /^(txn_[a-f0-9]{24})\.([0-9a-f-]{36})$/.exec(value) : null;
  return match ? { transactionId: match[1]!, token: match[2]! } : null;
}
