import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { serverSecret } from '@/lib/server/db/serverSecrets';
import { knownBrowserCookieName } from '@/lib/identity/sessionCookieNames';
import { SIGN_IN_SECRET } from '@/lib/identity/signInLinks';

/** Browsers cap a cookie's life at 400 days. */
const KNOWN_BROWSER_MAX_AGE_SECONDS = 400 * 24 * 3600;

/**
 * The proof a browser keeps once it signed in as `email` (a used link, which only the
 * address's mailbox could give): a keyed hash of the address under a secret shared by every
 * instance, so that it needs no row and cannot be made for an address without signing in.
 * It grants one thing only: links for that address are not held to the address's ceiling.
 */
export async function knownBrowserProof(db: Kysely<Database>, email: string): Promise<string> {
  return createHmac('sha256', await serverSecret(db, 'known-browser'))
    .update(email)
    .digest('base64url');
}

/** Whether `presented` (the browser's cookie) proves that this browser signed in as `email` before. */
export async function isKnownBrowser(db: Kysely<Database>, email: string, presented: string | undefined): Promise<boolean> {
  if (!presented || !SIGN_IN_SECRET.test(presented)) return false;
  const expected = Buffer.from(await knownBrowserProof(db, email));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The browser's known-browser cookie, under the name the site's scheme gives it. */
export function readKnownBrowser(cookieHeader: string | undefined, secure: boolean): string | undefined {
  if (!cookieHeader) return undefined;
  try {
    return parse(cookieHeader)[knownBrowserCookieName(secure)] || undefined;
  } catch {
    return undefined;
  }
}

/** Set-Cookie for the proof, set with a new session. */
export function knownBrowserCookie(proof: string, secure: boolean): string {
  return serialize(knownBrowserCookieName(secure), proof, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: KNOWN_BROWSER_MAX_AGE_SECONDS,
  });
}
