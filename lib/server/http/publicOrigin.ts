import type { IncomingMessage } from 'node:http';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { isLocalHost } from './localHost';
import { HttpError } from './HttpError';

/**
 * The site's own origin, for links that leave it (sign-in e-mails, an external sign-in's
 * return address): PUBLIC_ORIGIN, or on a developer's machine the local host asked for.
 * A request's Host header is never trusted otherwise: a forged one would send the visitor's
 * sign-in link to someone else's site.
 */
export function publicOrigin(env: Pick<ServerEnv, 'PUBLIC_ORIGIN'>, req: Pick<IncomingMessage, 'headers'>): string {
  if (env.PUBLIC_ORIGIN) return env.PUBLIC_ORIGIN.replace(/\/$/, '');
  const host = req.headers.host;
  // A local name with a port no URL can hold (localhost:99999) is no origin either.
  if (host && isLocalHost(host) && /^[\w.:[\]-]+$/.test(host) && URL.canParse(`http://${host}`)) return `http://${host}`;
  throw new HttpError(
    503,
    'public_origin_missing',
    'Sign-in is not available right now: the site address (PUBLIC_ORIGIN) is not configured.',
  );
}

/** The same origin where it is known, else null: for callers that only some features need it (a wallet's return address). */
export function knownOrigin(env: Pick<ServerEnv, 'PUBLIC_ORIGIN'>, req: Pick<IncomingMessage, 'headers'>): string | null {
  try {
    return publicOrigin(env, req);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}
