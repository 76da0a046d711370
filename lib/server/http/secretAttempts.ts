import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { matchesHash, sha256 } from '@/lib/server/ids';

/**
 * Wrong secrets (the operators' ADMIN_TOKEN, the marketers' REPORT_PASSWORD) are limited
 * per client: after SECRET_FAILURES_MAX failures in a fixed window of
 * SECRET_FAILURES_WINDOW_MS, every attempt of that client is refused with 429 until the
 * window ends, the right secret too, so that guessing cannot go on. Counted in the
 * database (rate_limits, through RateLimiter), so that every app server counts alike.
 */
export const SECRET_FAILURES_MAX = 10;
export const SECRET_FAILURES_WINDOW_MS = 15 * 60 * 1000;

export type SecretCheck = { outcome: 'granted' } | { outcome: 'refused' } | { outcome: 'throttled'; retryAfterSeconds: number };

export interface SecretAttempt {
  /** What is limited, and for whom: `admin-api:<client key>`, `report:<client key>`. */
  bucket: string;
  /** The secret the request presented; null when it presented none (not an attempt: never counted). */
  presented: string | null;
  /** The configured secret. */
  expected: string;
  now?: () => Date;
}

/**
 * Checks a presented secret. The comparison is of SHA-256 hashes in constant time, so that
 * the time taken says nothing about the secret, not even its length. Then one and the same
 * upsert whatever the outcome (a failure adds 1, a success 0), so that the time taken
 * does not say either whether a throttled guess was right; only failures count.
 */
export async function checkSecret(db: Kysely<Database>, attempt: SecretAttempt): Promise<SecretCheck> {
  if (attempt.presented === null) return { outcome: 'refused' };
  const matches = matchesHash(attempt.presented, sha256(attempt.expected));
  const limiter = new RateLimiter(db, attempt.now);
  const { count, retryAfterSeconds } = await limiter.allowAmount(
    `secret-failures:${attempt.bucket}`,
    matches ? 0 : 1,
    SECRET_FAILURES_MAX,
    SECRET_FAILURES_WINDOW_MS,
  );
  const failuresBefore = matches ? count : count - 1;
  if (failuresBefore >= SECRET_FAILURES_MAX) return { outcome: 'throttled', retryAfterSeconds };
  return { outcome: matches ? 'granted' : 'refused' };
}

/** "15 minutes", "1 minute": the wait a throttled person is told. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
