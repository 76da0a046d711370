import { matchesHash, sha256 } from '../ids';

/**
 * Who may read the reports. Marketers open them in a browser, which cannot send the
 * operators' bearer token (lib/server/http/adminAuth.ts), so the pages ask for HTTP Basic
 * credentials instead: any user name, and ADMIN_TOKEN as the password.
 */
export type ReportAccess = 'granted' | 'disabled' | 'unauthorized';

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

export function reportAccess(authorization: string | undefined, adminToken: string | undefined): ReportAccess {
  if (!adminToken) return 'disabled';
  const password = basicAuthPassword(authorization);
  // Hashes rather than the strings: the time taken says nothing about the token, not even its length.
  return password !== null && matchesHash(password, sha256(adminToken)) ? 'granted' : 'unauthorized';
}
