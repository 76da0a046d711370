import { apiRoute } from '@/lib/server/http/apiRoute';
import { changeSubscription } from '@/lib/server/account/subscriptionActions';

/** apiRoute reads the JSON body (at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

/** A business subscriber's company for its later invoices: POST {companyName, vatNumber?}. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      res.setHeader('Cache-Control', 'no-store');
      return changeSubscription(req, server, 'business');
    },
  },
  { maxBodyBytes: 2 * 1024, sameOriginOnly: true },
);
