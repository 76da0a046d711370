import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';

/** The signed-in visitor's verified e-mail, or a 401 that says to sign in again. */
export async function requireSignedInEmail(
  server: Pick<ServerContext, 'sessions'>,
  req: Pick<IncomingMessage, 'headers'>,
): Promise<string> {
  const email = await server.sessions.email(req.headers.cookie);
  if (!email) throw new HttpError(401, 'sign_in_required', 'Please sign in again: you are not signed in, or your session has ended.');
  return email;
}
