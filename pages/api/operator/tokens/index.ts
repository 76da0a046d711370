import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { requireOperatorSession } from '@/lib/server/operators/operatorSelf';
import { requireFreshSession } from '@/lib/server/operators/operatorStepUp';
import { tokenCreateBody } from '@/lib/server/operators/operatorSchemas';
import { TokenScopeError } from '@/lib/server/operators/operatorTokens';

export const config = { api: { bodyParser: false } };

/** The signed-in operator's personal API tokens: listed (never their values), and made (the value answered once; after a fresh code, step-up). */
export default apiRoute(
  {
    GET: async (req, res, server) => {
      const { operator } = await requireOperatorSession(req, server);
      res.setHeader('Cache-Control', 'no-store');
      return { tokens: await server.operators.tokens.list(operator.id) };
    },
    POST: async (req, res, server) => {
      const caller = await requireFreshSession(req, server, null);
      const body = parseRequest(tokenCreateBody, req.body, 'body');
      try {
        const made = await server.operators.tokens.create(caller.operator.id, body.name, body.scopes, caller.actor);
        res.setHeader('Cache-Control', 'no-store');
        res.status(201);
        return { token: made.token, record: made.record };
      } catch (error) {
        if (error instanceof TokenScopeError) throw new HttpError(403, 'scope_not_allowed', error.message);
        throw error;
      }
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
