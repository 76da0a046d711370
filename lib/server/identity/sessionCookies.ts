import { parse, serialize } from 'cookie';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SESSION_EXPIRY_COOKIE, sessionCookieName } from '@/lib/identity/sessionCookieNames';

/** The times of a session the cookies carry, in seconds: when it lapses if unused, and its absolute end. */
export interface SessionTimes {
  expiresOn: number;
  absoluteExpiresOn: number;
}

const base = (secure: boolean) => ({ sameSite: 'lax' as const, secure, path: '/' });

/**
 * The readable companion: its value is when the session lapses if unused (the browser checks
 * again past it), and it lives as long as the session can, so that scripts still see that a
 * session may exist.
 */
export function sessionExpiryCookie(times: SessionTimes, secure: boolean): string {
  return serialize(SESSION_EXPIRY_COOKIE, String(times.expiresOn), { ...base(secure), expires: new Date(times.absoluteExpiresOn * 1000) });
}

/**
 * Set-Cookie values for a new session: the HttpOnly token (`__Host-CN_token_access` on an
 * https site, `CN_token_access` over plain http) and the readable expiry; Secure when the
 * site is https (secureCookies).
 */
export function sessionCookies(token: string, times: SessionTimes, secure: boolean): string[] {
  return [
    serialize(sessionCookieName(secure), token, { ...base(secure), httpOnly: true, expires: new Date(times.absoluteExpiresOn * 1000) }),
    sessionExpiryCookie(times, secure),
  ];
}

/**
 * Set-Cookie values that remove the session's cookies under every name they may have had
 * (the `__Host-` one only Secure, or a browser ignores the removal).
 */
export function clearedSessionCookies(secure: boolean): string[] {
  const gone = { path: '/', sameSite: 'lax' as const, maxAge: 0, expires: new Date(0) };
  return [
    serialize(SECURE_SESSION_COOKIE, '', { ...gone, secure: true, httpOnly: true }),
    serialize(SESSION_COOKIE, '', { ...gone, secure, httpOnly: true }),
    serialize(SESSION_EXPIRY_COOKIE, '', { ...gone, secure }),
  ];
}

/** The session token under the name the site's scheme gives it (an https site reads only the `__Host-` one, which no sibling subdomain can set). */
export function readSessionToken(cookieHeader: string | undefined, secure: boolean): string | undefined {
  if (!cookieHeader) return undefined;
  try {
    return parse(cookieHeader)[sessionCookieName(secure)] || undefined;
  } catch {
    return undefined;
  }
}
