import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { flowKey } from '@/lib/server/catalogue/CatalogueRepository';
import { isValidSegment } from '@/lib/journey/path';
import { safeReturnPath } from '@/lib/identity/safeReturn';
import { publicOrigin } from '@/lib/server/http/publicOrigin';
import { requestClientKey } from '@/lib/server/http/clientAddress';

/** apiRoute reads the JSON body (at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

const bodySchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address.')
    .pipe(z.email('Enter a valid email address, like name@example.com.').max(254)),
  purpose: z.enum(['magic-link', 'sign-in']),
  brand: z.string().refine(isValidSegment, 'must be a brand slug'),
  urlSlug: z.string().refine(isValidSegment, 'must be a campaign slug'),
  returnPath: z.string().max(600),
});

/** Asks for a sign-in link. The answer is the same whether or not the address is known. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const env = server.config;
      if (env.IDENTITY_ORIGIN) throw new HttpError(404, 'sign_in_external', 'Sign-in is handled by the identity service.');
      const body = parseRequest(bodySchema, req.body, 'body');
      const flow = (await server.catalogue.get()).flowsByPath.get(flowKey(body.brand, body.urlSlug));
      if (!flow) throw new HttpError(404, 'campaign_not_found', 'This offer is no longer available.');
      const base = `/${flow.brand_slug}/${flow.url_slug}`;
      const outcome = await server.identity.requestLink({
        email: body.email,
        purpose: body.purpose,
        returnPath: safeReturnPath(base, body.returnPath),
        ip: requestClientKey(req, env.TRUSTED_PROXY_HOPS),
        origin: publicOrigin(env, req),
        completePath: `${base}/auth/complete`,
        brandName: flow.brandName,
      });
      if (outcome === 'rate_limited') {
        res.setHeader('Retry-After', '900');
        throw new HttpError(429, 'too_many_requests', 'Too many sign-in links were asked for. Please wait 15 minutes and try again.');
      }
      res.status(202);
      return { sent: true };
    },
  },
  { maxBodyBytes: 2 * 1024 },
);
