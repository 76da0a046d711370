import { createHash } from 'node:crypto';

/**
 * A refund's idempotency key as a provider takes it: a digest of ours, so that the key (which
 * a caller may have made from anything) never reaches the provider's logs as it is, and fits
 * the shortest limit (Amazon Pay: 32 characters of [A-Za-z0-9_-]). The same refund gives the
 * same key, so a repeat refunds once.
 */
export function providerRefundKey(idempotencyKey: string, length = 32): string {
  return createHash('sha256').update(`refund\n${idempotencyKey}`).digest('hex').slice(0, length);
}
