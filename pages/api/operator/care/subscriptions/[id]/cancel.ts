import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { careCancel } from '@/lib/server/care/careActions';
import { careCancelBody, subscriptionIdQuery } from '@/lib/server/care/careSchemas';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** Customer care cancels a subscription at the end of its period or at once: POST {when: 'period_end'|'now', reason}. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'care');
      const { id } = parseRequest(subscriptionIdQuery, req.query, 'query');
      const body = parseRequest(careCancelBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return { customer: await careCancel(server, req, caller, id, body) };
    },
  },
  { maxBodyBytes: 2048, sameOriginOnly: true },
);
