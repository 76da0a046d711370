import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { quoteRequestSchema } from '@/lib/checkout/quoteContract';
import { quoteCheckout } from '@/lib/server/checkout/quoteService';
import { checkoutLimitsFor } from '@/lib/server/checkout/requestLimits';

/** apiRoute reads the JSON body (at most 4 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: async (req, _res, server) => {
      const request = parseRequest(quoteRequestSchema, req.body, 'body');
      await checkoutLimitsFor(server, req).admitQuote();
      return quoteCheckout(await server.catalogue.get(), request, server.clock());
    },
  },
  { maxBodyBytes: 4 * 1024 },
);
