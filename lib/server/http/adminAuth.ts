import type { NextApiRequest } from 'next';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { requestClientKey } from './clientAddress';
import { HttpError } from './HttpError';
import { checkSecret, waitInWords } from './secretAttempts';

/** The token of a Bearer Authorization header; '' for another scheme; null when there is no header. */
export function bearerToken(authorization: string | undefined): string | null {
  if (authorization === undefined) return null;
  return /^Bearer (.*)$/i.exec(authorization)?.[1] ?? '';
}

/**
 * Operators' endpoints (/api/admin/*: customers' data, live sign-in links) take
 * `Authorization: Bearer <ADMIN_TOKEN>`, and nothing else: the marketers' REPORT_PASSWORD
 * opens the funnel report only. Wrong tokens are limited per client (secretAttempts.ts):
 * beyond the limit 429 with Retry-After, the right token too, until the window ends.
 */
export async function requireAdmin(req: NextApiRequest, server: Pick<ServerContext, 'config' | 'db'>): Promise<void> {
  const env = server.config;
  const expected = env.ADMIN_TOKEN;
  if (!expected) throw new HttpError(503, 'admin_disabled', 'Operator endpoints are disabled: ADMIN_TOKEN is not set.');
  const check = await checkSecret(server.db, {
    bucket: `admin-api:${requestClientKey(req, env)}`,
    presented: bearerToken(req.headers.authorization),
    expected,
  });
  if (check.outcome === 'throttled') {
    const message = `Too many wrong operator tokens came from your address. Please wait ${waitInWords(check.retryAfterSeconds)} and try again.`;
    throw new HttpError(429, 'too_many_attempts', message, undefined, { retryAfterSeconds: check.retryAfterSeconds });
  }
  if (check.outcome === 'refused') {
    throw new HttpError(401, 'unauthorized', 'A valid operator token is required (Authorization: Bearer <ADMIN_TOKEN>).');
  }
}
