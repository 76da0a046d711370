import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { requestClientKey, type ProxyTrust } from '@/lib/server/http/clientAddress';
import { checkSecret } from '@/lib/server/http/secretAttempts';

/**
 * Who may read the reports. Marketers open them in a browser, which cannot send the
 * operators' bearer token (lib/server/http/adminAuth.ts), so the pages ask for HTTP Basic
 * credentials instead: any user name, and REPORT_PASSWORD as the password. The report has
 * its own credential so that the marketers' password never opens /api/admin/* (customers'
 * data, live sign-in links); ADMIN_TOKEN does not open the report either: one secret, one
 * door, and the operators' token is never typed into a browser's password prompt.
 */
export type ReportAccess =
  { kind: 'granted' } | { kind: 'disabled' } | { kind: 'unauthorized' } | { kind: 'throttled'; retryAfterSeconds: number };

export const REPORT_REALM = 'Funnel report';

/** The password of a Basic Authorization header, or null when it is not one. */
export function basicAuthPassword(authorization: string | undefined): string | null {
  const match = /^Basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // The user name cannot hold a colon (RFC 7617); the password may.
  return colon === -1 ? null : decoded.slice(colon + 1);
}

/**
 * The password a request presents: null without an Authorization header (a browser's
 * first request, before it asks: not an attempt), '' for a header that is not Basic
 * credentials (an attempt, and a wrong one).
 */
export function presentedReportPassword(authorization: string | undefined): string | null {
  if (authorization === undefined) return null;
  return basicAuthPassword(authorization) ?? '';
}

/**
 * Whether a request may read the report: 'disabled' without REPORT_PASSWORD, else the
 * password checked (hashes compared in constant time) with wrong ones limited per client
 * (secretAttempts.ts): beyond the limit 'throttled', the right password too.
 */
export async function reportAccess(
  db: Kysely<Database>,
  req: { headers: IncomingHttpHeaders; socket?: { remoteAddress?: string } },
  env: Pick<ServerEnv, 'REPORT_PASSWORD'> & ProxyTrust,
  now?: () => Date,
): Promise<ReportAccess> {
  if (!env.REPORT_PASSWORD) return { kind: 'disabled' };
  const check = await checkSecret(db, {
    bucket: `report:${requestClientKey(req, env)}`,
    presented: presentedReportPassword(req.headers.authorization),
    expected: env.REPORT_PASSWORD,
    now,
  });
  if (check.outcome === 'throttled') return { kind: 'throttled', retryAfterSeconds: check.retryAfterSeconds };
  return { kind: check.outcome === 'granted' ? 'granted' : 'unauthorized' };
}
