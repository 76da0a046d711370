import { z } from 'zod';
import { isValidSegment } from '@/lib/journey/path';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { consentClient, requestClientKey } from '@/lib/server/http/clientAddress';
import { subscriptionServiceFor } from '@/lib/server/account/subscriptionServiceFor';
import { declareCancellation } from '@/lib/server/subscriptions/publicCancellation';
import { plainLines } from '@/lib/text/plainText';

/** apiRoute reads the JSON body (at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

const bodySchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, 'Enter the email address of the subscription.')
    .pipe(z.email('Enter a valid email address, like name@example.com.').max(254)),
  brand: z.string().refine(isValidSegment, 'Choose the publication.'),
  reason: z.string().check(plainLines('reason')).trim().max(500, 'Please keep the reason under 500 characters.').optional(),
  livemode: z.boolean(),
});

/** A cancellation declared without signing in (§ 312k BGB): the same answer whether or not the address subscribes. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const body = parseRequest(bodySchema, req.body, 'body');
      const { receivedAt } = await declareCancellation(
        { db: server.db, service: await subscriptionServiceFor(server, req), now: server.clock },
        {
          email: body.email,
          brandSlug: body.brand,
          livemode: body.livemode,
          reason: body.reason || null,
          client: consentClient(req, server.config),
          clientKey: requestClientKey(req, server.config),
        },
      );
      server.mail.worker.kick();
      res.setHeader('Cache-Control', 'no-store');
      res.status(202);
      return { received: true, receivedAt };
    },
  },
  { maxBodyBytes: 2 * 1024, sameOriginOnly: true },
);
