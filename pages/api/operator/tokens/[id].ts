import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { requireOperatorSession } from '@/lib/server/operators/operatorSelf';
import { idParam } from '@/lib/server/operators/operatorSchemas';

export const config = { api: { bodyParser: false } };

/** Revokes a token: one's own, or, for an admin, anyone's. Revoked already is no error. */
export default apiRoute(
  {
    DELETE: async (req, res, server) => {
      const caller = await requireOperatorSession(req, server);
      const { id } = parseRequest(z.strictObject({ id: idParam }), req.query, 'query');
      const token = await server.operators.tokens.find(id);
      if (!token || (token.operatorId !== caller.operator.id && caller.operator.role !== 'admin')) {
        throw new HttpError(404, 'token_not_found', 'There is no such token among yours.');
      }
      await server.operators.tokens.revoke(id, caller.actor);
      res.setHeader('Cache-Control', 'no-store');
      return { revoked: true };
    },
  },
  { maxBodyBytes: 256, optionalBody: true, sameOriginOnly: true },
);
