import { apiRoute } from '@/lib/server/http/apiRoute';
import { withdrawFromAccount } from '@/lib/server/withdrawal/withdrawalRoutes';

/** apiRoute reads the JSON body (at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

/** The signed-in owner withdraws from a purchase within 14 days (EU and UK buyers): ended now, refunded in full. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      res.setHeader('Cache-Control', 'no-store');
      return withdrawFromAccount(req, server);
    },
  },
  { maxBodyBytes: 2 * 1024, sameOriginOnly: true, optionalBody: true },
);
