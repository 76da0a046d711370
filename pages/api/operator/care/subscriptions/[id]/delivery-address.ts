import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { careMoveDelivery } from '@/lib/server/care/careActions';
import { careAddressBody, subscriptionIdQuery } from '@/lib/server/care/careSchemas';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** Customer care moves a print subscription's delivery within its country: POST {address: {line1, city, postalCode, region?}, reason}. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'care');
      const { id } = parseRequest(subscriptionIdQuery, req.query, 'query');
      const body = parseRequest(careAddressBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return { customer: await careMoveDelivery(server, req, caller, id, body) };
    },
  },
  { maxBodyBytes: 2048, sameOriginOnly: true },
);
