import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Random identifiers with a readable prefix: "txn_3k9x…". 20 base-32 characters = 100 bits. */
export function randomId(prefix: string, length = 20): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % 32];
  return `${prefix}_${id}`;
}

/** A secret for a link or a token: 256 random bits, URL-safe (43 characters); stored only as its sha256. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What newSecret makes: a value of any other shape is no secret of ours, refused before any lookup. */
export const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares a secret with a stored hash of it in constant time. */
export function matchesHash(secret: string, hash: string): boolean {
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
