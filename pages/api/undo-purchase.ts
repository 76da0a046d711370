import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { subscriptionServiceFor } from '@/lib/server/account/subscriptionServiceFor';
import { undoPurchase } from '@/lib/server/duplicates/undoPurchase';

/** apiRoute reads the JSON body (at most 1 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

const bodySchema = z.strictObject({ token: z.string().max(100) });

/** Undoes a duplicate purchase with the link e-mailed to its buyer: a full refund and its subscription ended, once. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const { token } = parseRequest(bodySchema, req.body, 'body');
      const service = await subscriptionServiceFor(server, req);
      const answer = await undoPurchase(
        {
          db: server.db,
          now: server.clock,
          refunds: server.refunds,
          endNow: (subscription) => service.endNow(subscription, { reason: 'duplicate_undone' }),
        },
        token,
        requestClientKey(req, server.config),
      );
      server.mail.kick();
      res.setHeader('Cache-Control', 'no-store');
      return answer;
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
