import { apiRoute } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';

/** No body is read here: Next must not read one either. */
export const config = { api: { bodyParser: false } };

/**
 * Apple Pay's domain association file, where Apple looks for it
 * (/.well-known/apple-developer-merchantid-domain-association, rewritten here in
 * next.config.js): the configured file as plain text, or a 404 when none is configured.
 */
export default apiRoute({
  GET: async (_req, res, server) => {
    const file = server.config.APPLE_PAY_DOMAIN_ASSOCIATION;
    if (!file) throw new HttpError(404, 'not_found', 'Apple Pay is not set up on this server.');
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.status(200).send(file);
  },
});
