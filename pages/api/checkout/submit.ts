import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import { catalogueSnapshot } from '@/lib/server/catalogue/catalogueService';
import { checkoutServices } from '@/lib/server/checkout/checkoutServices';
import { receiptCookie } from '@/lib/server/checkout/receiptCookie';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import { checkoutLimitsFor } from '@/lib/server/checkout/requestLimits';
import { subscriptionStatus } from '@/lib/server/checkout/subscriptionStatus';
import { serverEnv } from '@/lib/config/serverEnv';
import { knownOrigin } from '@/lib/server/http/publicOrigin';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { sessionIdentity } from '@/lib/server/identity/identityServices';

/** apiRoute reads the JSON body (at most 8 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: async (req, res) => {
      const request = parseRequest(submitRequestSchema, req.body, 'body');
      const services = await checkoutServices();
      const buyerIdentity = await (await sessionIdentity()).email(req.headers.cookie, String(request.livemode));
      const alreadySubscribed = async (brand: string) => (await subscriptionStatus(services.db, req.headers.cookie, brand)).activeSubscription;
      const origin = knownOrigin(serverEnv(), req);
      const { response, receipt } = await submitCheckout({ ...services, alreadySubscribed, origin, buyerIdentity, limits: await checkoutLimitsFor(req) }, await catalogueSnapshot(), request);
      if (receipt) res.setHeader('Set-Cookie', receiptCookie(receipt, secureCookies(serverEnv())));
      res.setHeader('Cache-Control', 'no-store');
      return response;
    },
  },
  { maxBodyBytes: 8 * 1024 },
);
