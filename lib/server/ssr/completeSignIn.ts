import type { GetServerSidePropsContext } from 'next';
import { safeReturnPath } from '@/lib/identity/safeReturn';
import { sessionCookies } from '@/lib/server/identity/sessionCookies';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import type { ServerContext } from '@/lib/server/context/createServerContext';

export type SignInOutcome = { kind: 'redirect'; destination: string } | { kind: 'failed'; reason: 'invalid' | 'expired' | 'used' };

/**
 * auth/complete: uses the link's token once, sets the session cookies and sends the visitor
 * back to the page they asked from (only ever a page of this journey).
 */
export async function completeSignIn(
  context: Pick<GetServerSidePropsContext, 'req' | 'res'>,
  server: Pick<ServerContext, 'identity' | 'config'>,
  base: string,
  search: string,
): Promise<SignInOutcome> {
  const token = new URLSearchParams(search).get('token');
  if (!token) return { kind: 'failed', reason: 'invalid' };
  const result = await server.identity.consumeLink(token);
  if (!result.ok) return { kind: 'failed', reason: result.reason };
  context.res.setHeader('Set-Cookie', sessionCookies(result.sessionToken, result.expiresOn, secureCookies(server.config)));
  context.res.setHeader('Cache-Control', 'no-store');
  return { kind: 'redirect', destination: safeReturnPath(base, result.returnPath) };
}
