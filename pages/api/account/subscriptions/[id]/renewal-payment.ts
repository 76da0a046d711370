import { apiRoute } from '@/lib/server/http/apiRoute';
import { confirmRenewalPayment } from '@/lib/server/account/renewalPaymentActions';

/** apiRoute reads the JSON body (at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

/** A renewal the subscriber's bank held for their check (3-D Secure): the check to do, then the payment recorded. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      res.setHeader('Cache-Control', 'no-store');
      return confirmRenewalPayment(req, server);
    },
  },
  { maxBodyBytes: 2 * 1024, sameOriginOnly: true, optionalBody: true },
);
