import type { AuthEvent } from './authMachine';

/** The spec's identity calls (SPEC §7), as the browser makes them. */
export const VERIFY_PATH = '/martech/api/user/v2/authenticate/verify';
export const PROFILE_PATH = '/martech/api/user/v2/profile';

const jsonHeaders = (livemode: boolean) => ({ Accept: 'application/json', 'Content-Type': 'application/json', livemode: String(livemode) });

/** Verifies the session: the machine's next event. Any failed call is a failure (SPEC §8). */
export async function verifySession(livemode: boolean): Promise<AuthEvent> {
  try {
    const response = await fetch(VERIFY_PATH, { headers: jsonHeaders(livemode), credentials: 'same-origin' });
    const body = (await response.json().catch(() => null)) as { amgUUID?: string; expires_on?: number; error?: { code?: number; status?: string } } | null;
    if (response.ok && body?.amgUUID) return { type: 'verified', amgUUID: body.amgUUID, expiresOn: body.expires_on ?? null };
    return { type: 'verify-failed', code: body?.error?.code ?? response.status, status: body?.error?.status ?? 'INVALID' };
  } catch {
    return { type: 'verify-failed', code: 0, status: 'NETWORK' };
  }
}

export async function loadProfileEmail(livemode: boolean): Promise<string | null> {
  try {
    const response = await fetch(PROFILE_PATH, { headers: jsonHeaders(livemode), credentials: 'same-origin' });
    const body = (await response.json().catch(() => null)) as { email?: string } | null;
    return response.ok && body?.email ? body.email : null;
  } catch {
    return null;
  }
}

/** The auth/initiate page for the page the visitor is on, with its query (SPEC §2). */
export function initiatePathFor(asPath: string): string {
  const [path = '', query] = asPath.split('#')[0]!.split('?');
  const segments = path.split('/');
  const base = segments.slice(0, 3).join('/');
  const page = segments.slice(3).filter(Boolean).join('/');
  return `${base}/auth/initiate${page ? `/${page}` : ''}${query ? `?${query}` : ''}`;
}
