import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { quoteRequestSchema } from '@/lib/checkout/quoteContract';
import { clientQuoteDeps, quoteForClient } from '@/lib/server/checkout/clientQuote';
import { checkoutLimitsFor } from '@/lib/server/checkout/requestLimits';

/** apiRoute reads the JSON body (at most 4 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: async (req, _res, server) => {
      const request = parseRequest(quoteRequestSchema, req.body, 'body');
      const limits = checkoutLimitsFor(server, req);
      await limits.admitQuote(request.livemode ?? true);
      return quoteForClient(clientQuoteDeps(server.db, limits), await server.catalogue.get(), request, server.clock());
    },
  },
  { maxBodyBytes: 4 * 1024 },
);
