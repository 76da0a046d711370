import { parse, serialize } from 'cookie';

/** `__Host-` on an https site: no sibling subdomain can set or shadow it. */
export const operatorCookieName = (secure: boolean) => (secure ? '__Host-PJ_operator' : 'PJ_operator');

/**
 * The back-office session's cookie: HttpOnly, SameSite=Strict (no other site's link or form
 * carries it), and without Expires: the server ends the session (30 minutes unused, 12 hours
 * in all), and the browser forgets it when it closes.
 */
export function operatorSessionCookie(token: string, secure: boolean): string {
  return serialize(operatorCookieName(secure), token, { httpOnly: true, secure, sameSite: 'strict', path: '/' });
}

export function clearedOperatorCookie(secure: boolean): string {
  return serialize(operatorCookieName(secure), '', {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/',
    maxAge: 0,
    expires: new Date(0),
  });
}

export function readOperatorToken(cookieHeader: string | undefined, secure: boolean): string | undefined {
  if (!cookieHeader) return undefined;
  try {
    return parse(cookieHeader)[operatorCookieName(secure)] || undefined;
  } catch {
    return undefined;
  }
}
