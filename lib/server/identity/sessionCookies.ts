import { parse, serialize } from 'cookie';
import { SESSION_COOKIE, SESSION_EXPIRY_COOKIE } from '@/lib/identity/sessionCookieNames';

/** Set-Cookie values for a new session: the HttpOnly token and the readable expiry; Secure when the site is https (secureCookies). */
export function sessionCookies(token: string, expiresOn: number, secure: boolean): string[] {
  const options = { sameSite: 'lax' as const, secure, path: '/', expires: new Date(expiresOn * 1000) };
  return [serialize(SESSION_COOKIE, token, { ...options, httpOnly: true }), serialize(SESSION_EXPIRY_COOKIE, String(expiresOn), options)];
}

export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  try {
    return parse(cookieHeader)[SESSION_COOKIE] || undefined;
  } catch {
    return undefined;
  }
}
