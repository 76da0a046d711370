import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { HttpError } from '@/lib/server/http/HttpError';
import type { OperatorCaller } from './operatorAccess';
import { operatorOfSession } from './operatorAccess';

/**
 * The signed-in operator acting on their own account (their tokens): a session only, so
 * that a leaked token cannot mint more tokens.
 */
export async function requireOperatorSession(
  req: Pick<IncomingMessage, 'headers'> & { socket?: { remoteAddress?: string } },
  server: Pick<ServerContext, 'config' | 'db' | 'clock' | 'operators'>,
): Promise<OperatorCaller> {
  const operator = await operatorOfSession(req, server);
  if (!operator)
    throw new HttpError(
      401,
      'unauthorized',
      'Sign in to the back office first (/admin/sign-in). Tokens are managed from a signed-in session only.',
    );
  const client = requestClientKey(req, server.config);
  return { operator, via: 'session', actor: { operatorId: operator.id, label: `operator:${operator.email}`, client } };
}
