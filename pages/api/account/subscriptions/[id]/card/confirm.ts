import { apiRoute } from '@/lib/server/http/apiRoute';
import { changeCard } from '@/lib/server/account/cardChangeActions';

/** apiRoute reads the JSON body (at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

/** After the bank's check in the page (Stripe's 3-D Secure): records the card the setup saved. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      res.setHeader('Cache-Control', 'no-store');
      return changeCard(req, server, 'confirm');
    },
  },
  { maxBodyBytes: 2 * 1024, sameOriginOnly: true },
);
