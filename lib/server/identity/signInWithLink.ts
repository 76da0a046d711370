import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignInLinkProblem } from '@/lib/identity/signInLinks';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { NewSession } from './IdentityService';
import { knownBrowserCookie } from './knownBrowser';
import { sessionCookies } from './sessionCookies';
import { readSignInNonce } from './signInNonce';

export type SignInOutcome =
  { kind: 'redirect'; destination: string } | { kind: 'confirm'; email: string } | { kind: 'failed'; reason: SignInLinkProblem };

type Server = Pick<ServerContext, 'identity' | 'config'>;

/** The status a link's page answers with: 200 to confirm, 400 for a link that never was, 410 for one that is gone. */
export const signInLinkStatus = (outcome: Exclude<SignInOutcome, { kind: 'redirect' }>): number =>
  outcome.kind === 'confirm' ? 200 : outcome.reason === 'invalid' ? 400 : 410;

function startSession(res: Pick<ServerResponse, 'setHeader'>, session: NewSession, server: Server): void {
  const secure = secureCookies(server.config);
  res.setHeader('Set-Cookie', [...sessionCookies(session.sessionToken, session, secure), knownBrowserCookie(session.knownBrowser, secure)]);
}

/**
 * A sign-in link's page opened (auth/complete, /account/sign-in/complete). In the browser
 * that asked for the link (its nonce cookie matches), the link is used: the session's cookies
 * are set and the visitor goes back (`returnTo` keeps the link's return path within the
 * page's own area). Anywhere else, a HEAD included (a mail scanner), nothing changes: the
 * page asks to confirm the address. The link's token never travels on in a Referer.
 */
export async function openSignInLink(
  req: Pick<IncomingMessage, 'method' | 'headers'>,
  res: Pick<ServerResponse, 'setHeader'>,
  server: Server,
  token: string | null,
  returnTo: (linkReturnPath: string) => string,
): Promise<SignInOutcome> {
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (!token) return { kind: 'failed', reason: 'invalid' };
  const nonce = req.method === 'HEAD' ? undefined : readSignInNonce(req.headers.cookie, secureCookies(server.config));
  const opened = await server.identity.openLink(token, nonce);
  if (opened.kind !== 'signed-in') return opened;
  startSession(res, opened.session, server);
  return { kind: 'redirect', destination: returnTo(opened.session.returnPath) };
}

/** The Confirm button's POST: uses the link in whichever browser sent it (the guard has made sure it came from this site's page). */
export async function confirmSignInLink(
  res: Pick<ServerResponse, 'setHeader'>,
  server: Server,
  token: string,
  returnTo: (linkReturnPath: string) => string,
): Promise<Exclude<SignInOutcome, { kind: 'confirm' }>> {
  const used = await server.identity.consumeLink(token);
  if (!used.ok) return { kind: 'failed', reason: used.reason };
  startSession(res, used, server);
  return { kind: 'redirect', destination: returnTo(used.returnPath) };
}
