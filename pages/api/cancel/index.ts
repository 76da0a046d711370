import { z } from 'zod';
import { isValidSegment } from '@/lib/journey/path';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { clientAddress, clientNetwork, consentClient } from '@/lib/server/http/clientAddress';
import { knownOrigin } from '@/lib/server/http/publicOrigin';
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

/**
 * A cancellation declared without signing in (§ 312k BGB): recorded, never refused for its
 * number, and answered the same, after the same work, whether or not the address subscribes;
 * the background pass applies it (lib/server/subscriptions/cancelDeclarationsPass.ts).
 */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const body = parseRequest(bodySchema, req.body, 'body');
      const { receivedAt } = await declareCancellation(
        { db: server.db, now: server.clock },
        {
          email: body.email,
          brandSlug: body.brand,
          livemode: body.livemode,
          reason: body.reason || null,
          client: consentClient(req, server.config),
          network: clientNetwork(clientAddress(req, server.config)),
          origin: knownOrigin(server.config, req),
        },
      );
      // Applied after this answer, on every kick alike: the answer waits for no lookup, e-mail or provider.
      void server.jobs.kick('cancel-declarations');
      res.setHeader('Cache-Control', 'no-store');
      res.status(202);
      return { received: true, receivedAt };
    },
  },
  { maxBodyBytes: 2 * 1024, sameOriginOnly: true },
);
