import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { HttpError } from '@/lib/server/http/HttpError';
import { waitInWords } from '@/lib/server/http/waitInWords';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { AREA_NAMES, roleOpens, type OperatorArea } from '@/lib/operators/roles';
import type { AuditActor } from './auditLog';
import { readOperatorToken } from './operatorCookies';
import type { Operator } from './operatorRecords';
import { FAILURE_WINDOW_MS, type OperatorSession } from './OperatorSignIn';

/** Wrong API tokens one client may present per FAILURE_WINDOW_MS; past them it is refused, right tokens too. */
export const TOKEN_FAILURES_PER_CLIENT = 10;

export interface OperatorCaller {
  operator: Operator;
  via: 'token' | 'session';
  /** How the audit log names this caller. */
  actor: AuditActor;
}

export type Server = Pick<ServerContext, 'config' | 'db' | 'clock' | 'operators'>;
export type Request = Pick<IncomingMessage, 'headers'> & { socket?: { remoteAddress?: string } };

/** The token of a Bearer Authorization header; '' for another scheme; null when there is no header. */
export function bearerToken(authorization: string | undefined): string | null {
  if (authorization === undefined) return null;
  return /^Bearer (.*)$/i.exec(authorization)?.[1] ?? '';
}

const throttled = (seconds: number) =>
  new HttpError(
    429,
    'too_many_attempts',
    `Too many wrong operator tokens came from your network. Please wait ${waitInWords(seconds)} and try again.`,
    undefined,
    {
      retryAfterSeconds: seconds,
    },
  );

export const notAllowed = (area: OperatorArea) =>
  new HttpError(
    403,
    'forbidden',
    `Your role does not open this part of the back office: ${AREA_NAMES[area]}. Ask an admin if you need it.`,
  );

/** The signed-in session of a request's back-office cookie, if any (any role, any area). */
export async function signedInSession(req: Request, server: Server): Promise<OperatorSession | null> {
  const session = await server.operators.signIn.session(readOperatorToken(req.headers.cookie, secureCookies(server.config)));
  return session?.stage === 'signed-in' ? session : null;
}

/** The signed-in operator of a request's back-office cookie, if any (any role, any area). */
export async function operatorOfSession(req: Request, server: Server): Promise<Operator | null> {
  return (await signedInSession(req, server))?.operator ?? null;
}

/**
 * Who is calling an operator endpoint, and may they open `area`: a personal API token
 * (`Authorization: Bearer pjop_…`, with that scope), or a signed-in back-office session
 * whose role opens it. Wrong tokens lock the client that sent them (429, the right token
 * too); counted across all clients they only raise the alarm (OperatorSignIn.countFailure),
 * so that no one can lock everyone out.
 */
export async function requireOperator(req: Request, server: Server, area: OperatorArea): Promise<OperatorCaller> {
  const client = requestClientKey(req, server.config);
  const presented = bearerToken(req.headers.authorization);
  if (presented !== null) {
    const limiter = new RateLimiter(server.db, server.clock);
    const bucket = `operator-token-failures:${client}`;
    const mine = await limiter.peek(bucket, FAILURE_WINDOW_MS);
    if (mine.count >= TOKEN_FAILURES_PER_CLIENT) throw throttled(mine.retryAfterSeconds);
    const found = await server.operators.tokens.authenticate(presented);
    if (!found) {
      await limiter.record(bucket, FAILURE_WINDOW_MS);
      await server.operators.signIn.countFailure('api-token');
      throw new HttpError(401, 'unauthorized', 'This operator token is not valid (unknown, revoked, or its owner is disabled).');
    }
    if (!found.scopes.includes(area)) throw new HttpError(403, 'forbidden', `This token does not carry the "${area}" scope.`);
    return {
      operator: found.operator,
      via: 'token',
      actor: { operatorId: found.operator.id, label: `operator:${found.operator.email} (token)`, client },
    };
  }
  const operator = await operatorOfSession(req, server);
  if (!operator) {
    throw new HttpError(
      401,
      'unauthorized',
      'Sign in to the back office first (/admin/sign-in), or send a personal API token: Authorization: Bearer pjop_….',
    );
  }
  if (!roleOpens(operator.role, area)) throw notAllowed(area);
  return { operator, via: 'session', actor: { operatorId: operator.id, label: `operator:${operator.email}`, client } };
}
