import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { clearedSessionCookies, readSessionToken } from '@/lib/server/identity/sessionCookies';

/** apiRoute reads the JSON body, if any (at most 1 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

const bodySchema = z.strictObject({ everywhere: z.boolean().optional() }).optional();

/**
 * Signs out: ends this session, or with `{ everywhere: true }` every session of its user, and
 * removes the session's cookies under both their names. Signed out already is no error.
 * Same-origin only: another site must not be able to sign a visitor out.
 */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const env = server.config;
      if (env.IDENTITY_ORIGIN) throw new HttpError(404, 'sign_out_external', 'Signing out is handled by the identity service.');
      const everywhere = parseRequest(bodySchema, req.body, 'body')?.everywhere ?? false;
      const secure = secureCookies(env);
      const token = readSessionToken(req.headers.cookie, secure);
      if (everywhere) await server.identity.signOutEverywhere(token);
      else await server.identity.signOut(token);
      res.setHeader('Set-Cookie', clearedSessionCookies(secure));
      res.setHeader('Cache-Control', 'no-store');
      return { signedOut: true };
    },
  },
  { maxBodyBytes: 1024, optionalBody: true, sameOriginOnly: true },
);
