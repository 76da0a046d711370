/**
 * The receipt cookie's name, on both sides of the line: the server sets and reads it
 * (lib/server/checkout/receiptCookie.ts); error reports scrub it (lib/config/sentryScrub.ts).
 */
export const RECEIPT_COOKIE = 'pj_receipt';
