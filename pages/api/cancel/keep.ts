import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { summariesOf } from '@/lib/server/account/accountService';
import { subscriptionServiceFor } from '@/lib/server/account/subscriptionServiceFor';
import { keepSubscription } from '@/lib/server/subscriptions/publicCancellation';

/** apiRoute reads the JSON body (at most 1 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

const bodySchema = z.strictObject({ token: z.string().max(100) });

/** Takes back a cancellation made on the public cancel page, with the link e-mailed to the subscriber. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const { token } = parseRequest(bodySchema, req.body, 'body');
      const kept = await keepSubscription({ db: server.db, service: await subscriptionServiceFor(server, req), now: server.clock }, token);
      server.mail.kick();
      res.setHeader('Cache-Control', 'no-store');
      // Only what the page says: the link's holder learns nothing more of the account.
      const [summary] = await summariesOf(server, [kept]);
      return { kept: true, brandName: summary!.brandName, offerName: summary!.offerName, nextCharge: summary!.facts.nextCharge };
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
