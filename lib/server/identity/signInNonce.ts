import { randomBytes } from 'node:crypto';
import { parse, serialize } from 'cookie';
import { signInNonceCookieName } from '@/lib/identity/sessionCookieNames';
import { SIGN_IN_SECRET } from '@/lib/identity/signInLinks';
import { LINK_TTL_MS } from './IdentityService';

/**
 * The nonce that binds a sign-in link to the browser that asked for it: random, kept in an
 * HttpOnly SameSite=Lax cookie (Lax: it still comes along when the visitor opens the link
 * from their mail), and only its hash in the link's row. A browser asking again keeps its
 * nonce, so that each of its links still signs in there.
 */
export function readSignInNonce(cookieHeader: string | undefined, secure: boolean): string | undefined {
  if (!cookieHeader) return undefined;
  try {
    const value = parse(cookieHeader)[signInNonceCookieName(secure)];
    return value && SIGN_IN_SECRET.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's nonce if it holds a well-formed one, else a new one. */
export function signInNonceFor(cookieHeader: string | undefined, secure: boolean): string {
  return readSignInNonce(cookieHeader, secure) ?? randomBytes(32).toString('base64url');
}

/** Set-Cookie for the nonce: as long as a link lasts (asking again renews it). */
export function signInNonceCookie(nonce: string, secure: boolean): string {
  return serialize(signInNonceCookieName(secure), nonce, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: Math.floor(LINK_TTL_MS / 1000),
  });
}
