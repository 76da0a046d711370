import { requestClientKey } from '@/lib/server/http/clientAddress';
import { HttpError } from '@/lib/server/http/HttpError';
import { roleOpens, type OperatorArea } from '@/lib/operators/roles';
import { STEP_UP_MINUTES, STEP_UP_REQUIRED } from '@/lib/operators/stepUp';
import { notAllowed, signedInSession, type OperatorCaller, type Request, type Server } from './operatorAccess';

/** How long a given code vouches for the gravest changes (operators, tokens): past it, the session gives a code again. */
export const STEP_UP_MAX_AGE_MS = STEP_UP_MINUTES * 60_000;

/**
 * The caller of a grave change (adding or changing operators, making tokens): a signed-in
 * back-office session, never a personal API token, whose second factor was given within
 * STEP_UP_MAX_AGE_MS. A leaked token or an unattended browser then cannot make operators or
 * tokens; the browser asks for a code (POST /api/operator/step-up) and tries again.
 * `area`: the role the change needs (null: any role, for one's own tokens).
 */
export async function requireFreshSession(req: Request, server: Server, area: OperatorArea | null): Promise<OperatorCaller> {
  // Any bearer token, good or not, is refused unread: these changes never take one.
  if (/^Bearer\b/i.test(req.headers.authorization ?? '')) {
    throw new HttpError(
      403,
      'session_required',
      'A personal API token cannot do this: it needs a signed-in back-office session with a fresh code from the authenticator app.',
    );
  }
  const session = await signedInSession(req, server);
  if (!session) throw new HttpError(401, 'unauthorized', 'Sign in to the back office first (/admin/sign-in).');
  const { operator } = session;
  if (area !== null && !roleOpens(operator.role, area)) throw notAllowed(area);
  const verifiedAt = session.factorVerifiedAt === null ? Number.NaN : Date.parse(session.factorVerifiedAt);
  if (!(server.clock().getTime() - verifiedAt < STEP_UP_MAX_AGE_MS)) {
    throw new HttpError(
      403,
      STEP_UP_REQUIRED,
      `Enter a current code from your authenticator app to go on: this change needs one given in the last ${STEP_UP_MAX_AGE_MS / 60_000} minutes.`,
    );
  }
  const client = requestClientKey(req, server.config);
  return { operator, via: 'session', actor: { operatorId: operator.id, label: `operator:${operator.email}`, client } };
}
