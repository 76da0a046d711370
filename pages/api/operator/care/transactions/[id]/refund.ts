import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { careRefund } from '@/lib/server/care/careActions';
import { careRefundBody, transactionIdQuery } from '@/lib/server/care/careSchemas';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** Customer care refunds a payment through its provider: POST {amount: <minor units>|'full', reason, idempotencyKey}. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'care');
      const { id } = parseRequest(transactionIdQuery, req.query, 'query');
      const body = parseRequest(careRefundBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return careRefund(server, caller, id, body);
    },
  },
  { maxBodyBytes: 2048, sameOriginOnly: true },
);
