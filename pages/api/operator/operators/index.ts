import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { requireOperator } from '@/lib/server/operators/operatorAccess';
import { requireFreshSession } from '@/lib/server/operators/operatorStepUp';
import { OperatorExistsError } from '@/lib/server/operators/OperatorDirectory';
import { operatorAddBody } from '@/lib/server/operators/operatorSchemas';

export const config = { api: { bodyParser: false } };

/**
 * Admins list operators (a token may too) and add them: adding takes a signed-in session
 * with a fresh code (step-up). The new operator enrols a second factor at the first sign-in.
 */
export default apiRoute(
  {
    GET: async (req, res, server) => {
      await requireOperator(req, server, 'admin');
      res.setHeader('Cache-Control', 'no-store');
      return { operators: await server.operators.directory.list() };
    },
    POST: async (req, res, server) => {
      const caller = await requireFreshSession(req, server, 'admin');
      const body = parseRequest(operatorAddBody, req.body, 'body');
      try {
        const operator = await server.operators.directory.add(body, caller.actor);
        res.status(201);
        return { operator };
      } catch (error) {
        if (error instanceof OperatorExistsError) throw new HttpError(409, 'operator_exists', error.message);
        throw error;
      }
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
