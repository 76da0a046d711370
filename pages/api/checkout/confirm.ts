import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { confirmRequestSchema } from '@/lib/checkout/submitContract';
import { confirmCheckout } from '@/lib/server/checkout/submitService';
import { checkoutLimitsFor } from '@/lib/server/checkout/requestLimits';
import { campaignLocale } from '@/lib/server/catalogue/campaignLocale';

/** apiRoute reads the JSON body (at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: async (req, res, server) => {
      const { idempotencyKey, returnPath } = parseRequest(confirmRequestSchema, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return confirmCheckout({ ...server.checkout, limits: checkoutLimitsFor(server, req) }, idempotencyKey, returnPath, (campaignId) =>
        campaignLocale(server, campaignId),
      );
    },
  },
  { maxBodyBytes: 2 * 1024 },
);
