import type { IdentityService } from './IdentityService';
import { readSessionToken, sessionExpiryCookie } from './sessionCookies';

/** The spec's verify answer (SPEC §3, §7), with the status it is sent with. */
export type VerifyAnswer =
  /** `setCookies`: the built-in identity renews the readable expiry cookie (the idle deadline moves with use). */
  | { status: 200; body: { amgUUID: string; expires_on: number }; setCookies?: string[] }
  | { status: 401; body: { error: { code: 401; status: string } } }
  | { status: 502; body: { error: { code: 502; status: 'UNAVAILABLE' } } };

export interface SessionIdentity {
  verify(cookieHeader: string | undefined, livemode: string | undefined): Promise<VerifyAnswer>;
  /** The signed-in visitor's e-mail, or null. */
  email(cookieHeader: string | undefined, livemode?: string): Promise<string | null>;
}

/** The built-in identity, answering from its own sessions; `secure` (secureCookies) says which cookie name holds the token. */
export function builtinSessionIdentity(identity: IdentityService, secure: boolean): SessionIdentity {
  return {
    async verify(cookieHeader) {
      const result = await identity.verify(readSessionToken(cookieHeader, secure));
      return result.ok
        ? {
            status: 200,
            body: { amgUUID: result.amgUUID, expires_on: result.expiresOn },
            setCookies: [sessionExpiryCookie(result, secure)],
          }
        : { status: 401, body: { error: { code: 401, status: result.status } } };
    },
    email: (cookieHeader) => identity.email(readSessionToken(cookieHeader, secure)),
  };
}

const UNAVAILABLE = { status: 502, body: { error: { code: 502, status: 'UNAVAILABLE' } } } as const;

/** The visitor's cookies less the journey's own (cart, consent, receipt: pj_*), which are none of the identity service's business. */
export function identityCookies(cookieHeader: string | undefined): string | undefined {
  const kept = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('pj_'));
  return kept.length ? kept.join('; ') : undefined;
}

/**
 * An external identity service at `origin`, called with the same contract: the visitor's
 * cookies (less the journey's own), JSON headers and the livemode header go to its verify
 * and profile calls, and
 * its answers come back as they are. A service that does not answer in time is a failed
 * call, which the browser treats as signed out (SPEC §8).
 */
export function externalSessionIdentity(origin: string, timeoutMs = 5_000): SessionIdentity {
  const call = async (path: string, allCookies: string | undefined, livemode: string | undefined) => {
    const cookieHeader = identityCookies(allCookies);
    return fetch(`${origin}/martech/api/user/v2/${path}`, {
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...(livemode ? { livemode } : {}),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
  };
  return {
    async verify(cookieHeader, livemode) {
      try {
        const response = await call('authenticate/verify', cookieHeader, livemode);
        const body = (await response.json()) as { amgUUID?: unknown; expires_on?: unknown; error?: { status?: unknown } };
        if (response.ok && typeof body.amgUUID === 'string' && typeof body.expires_on === 'number') {
          return { status: 200, body: { amgUUID: body.amgUUID, expires_on: body.expires_on } };
        }
        if (response.status === 401) {
          return {
            status: 401,
            body: { error: { code: 401, status: typeof body.error?.status === 'string' ? body.error.status : 'INVALID' } },
          };
        }
        return UNAVAILABLE;
      } catch {
        return UNAVAILABLE;
      }
    },
    async email(cookieHeader, livemode) {
      // No cookie of its own: nobody can be signed in, and the call is saved.
      if (!identityCookies(cookieHeader)) return null;
      try {
        const response = await call('profile', cookieHeader, livemode);
        const body = (await response.json()) as { email?: unknown };
        return response.ok && typeof body.email === 'string' ? body.email.trim().toLowerCase() : null;
      } catch {
        return null;
      }
    },
  };
}
