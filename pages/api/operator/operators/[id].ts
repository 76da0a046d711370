import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { requireFreshSession } from '@/lib/server/operators/operatorStepUp';
import { NoSuchOperatorError } from '@/lib/server/operators/OperatorDirectory';
import { idParam, operatorUpdateBody } from '@/lib/server/operators/operatorSchemas';

export const config = { api: { bodyParser: false } };

/** Admins change an operator's role, disable or enable them, or reset a lost second factor: from a signed-in session with a fresh code (step-up). */
export default apiRoute(
  {
    PATCH: async (req, res, server) => {
      const caller = await requireFreshSession(req, server, 'admin');
      const { id } = parseRequest(z.strictObject({ id: idParam }), req.query, 'query');
      const change = parseRequest(operatorUpdateBody, req.body, 'body');
      if (id === caller.operator.id && (change.disabled || (change.role && change.role !== 'admin'))) {
        throw new HttpError(409, 'own_account', 'You cannot disable yourself or lower your own role: ask another admin.');
      }
      try {
        return { operator: await server.operators.directory.update(id, change, caller.actor) };
      } catch (error) {
        if (error instanceof NoSuchOperatorError) throw new HttpError(404, 'operator_not_found', 'There is no such operator.');
        throw error;
      }
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
