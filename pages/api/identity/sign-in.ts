import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { returnPathFrom, signInLinkPageOf } from '@/lib/identity/signInPages';
import { confirmSignInLink } from '@/lib/server/identity/signInWithLink';

/** apiRoute reads the body (a form's or JSON, at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

const bodySchema = z.strictObject({
  token: z.string().max(100),
  /** The link's page the Confirm button is on (path and query): where the visitor goes back to if the link cannot be used. */
  page: z.string().max(800),
});

const PROBLEMS = {
  invalid: new HttpError(400, 'invalid_link', 'This sign-in link is not valid. It may have been copied incompletely.'),
  expired: new HttpError(410, 'link_expired', 'This sign-in link has expired: links work for 15 minutes.'),
  used: new HttpError(410, 'link_used', 'This sign-in link has already been used: each link works once.'),
} as const;

/**
 * The Confirm button of a sign-in link opened in another browser than the one that asked for
 * it: uses the link here. A form post is sent on with 303, to the page the link returns to
 * (signed in) or back to the link's page, which says why not; a JSON caller gets JSON.
 * Same-origin only: another site cannot sign a visitor in to an identity of its choosing.
 */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      if (server.config.IDENTITY_ORIGIN) throw new HttpError(404, 'sign_in_external', 'Sign-in is handled by the identity service.');
      const body = parseRequest(bodySchema, req.body, 'body');
      const page = signInLinkPageOf(body.page);
      if (!page) throw new HttpError(400, 'invalid_page', "The sign-in form must be sent from a sign-in link's page.");
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      const outcome = await confirmSignInLink(res, server, body.token, (path) => returnPathFrom(page, path));
      const json = String(req.headers['content-type'] ?? '')
        .toLowerCase()
        .startsWith('application/json');
      if (json) {
        if (outcome.kind === 'failed') throw PROBLEMS[outcome.reason];
        return { signedIn: true, redirectTo: outcome.destination };
      }
      res.redirect(303, outcome.kind === 'redirect' ? outcome.destination : body.page);
      return undefined;
    },
  },
  { body: 'form', maxBodyBytes: 2 * 1024, sameOriginOnly: true },
);
