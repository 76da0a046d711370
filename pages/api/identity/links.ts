import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { flowKey } from '@/lib/server/catalogue/CatalogueRepository';
import { isValidSegment } from '@/lib/journey/path';
import { isOnSale } from '@/lib/catalogue/campaignWindow';
import { accountReturnPath, safeReturnPath } from '@/lib/identity/safeReturn';
import { ACCOUNT_SIGN_IN_COMPLETE_PATH } from '@/lib/identity/signInPages';
import { publicOrigin } from '@/lib/server/http/publicOrigin';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { signInNonceCookie, signInNonceFor } from '@/lib/server/identity/signInNonce';
import { readKnownBrowser } from '@/lib/server/identity/knownBrowser';
import { requestLivemode } from '@/lib/server/http/requestLivemode';
import { withLiftHint } from '@/lib/server/limits/liftHint';
import { requestedLocale } from '@/lib/i18n/localeField';

/** apiRoute reads the JSON body (at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

const email = z
  .string()
  .trim()
  .min(1, 'Enter your email address.')
  .pipe(z.email('Enter a valid email address, like name@example.com.').max(254));

/** A campaign's auth/initiate asks with its brand and campaign, for a page of that campaign. */
const campaignSchema = z.strictObject({
  email,
  purpose: z.enum(['magic-link', 'sign-in']),
  brand: z.string().refine(isValidSegment, 'must be a brand slug'),
  urlSlug: z.string().refine(isValidSegment, 'must be a campaign slug'),
  returnPath: z.string().max(600),
});

/**
 * The account's sign-in asks with no brand, for a page of the account (/account if none or
 * another), in the locale of its page: the mail's language.
 */
const accountSchema = z.strictObject({ email, returnPath: z.string().max(600).optional(), locale: requestedLocale });

/** Which form a body is: naming a brand, a campaign or a purpose makes it a campaign's (and its problems are named as such). */
const isCampaignForm = (body: unknown) =>
  typeof body === 'object' && body !== null && ['brand', 'urlSlug', 'purpose'].some((key) => Object.hasOwn(body, key));

/**
 * Asks for a sign-in link. The answer is the same whether or not the address is known. The
 * asking browser gets a nonce cookie: the link signs in at once only there (anywhere else it
 * asks to confirm the address first).
 */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const env = server.config;
      if (env.IDENTITY_ORIGIN) throw new HttpError(404, 'sign_in_external', 'Sign-in is handled by the identity service.');
      let link: {
        purpose: 'magic-link' | 'sign-in';
        returnPath: string;
        completePath: string;
        /** Null: the account's own sign-in ("Sign in to your account"). */
        brandName: string | null;
        email: string;
        /** The mail's language: the campaign's, or the account's page's. */
        locale: string;
      };
      if (isCampaignForm(req.body)) {
        const body = parseRequest(campaignSchema, req.body, 'body');
        const flow = (await server.catalogue.get()).flowsByPath.get(flowKey(body.brand, body.urlSlug));
        if (!flow) throw new HttpError(404, 'campaign_not_found', 'This offer is no longer available.');
        const base = `/${flow.brand_slug}/${flow.url_slug}`;
        // A campaign out of its dates has no pages to come back to (they are a 404): its buyer,
        // asking from the success page, signs in to the account instead.
        link = isOnSale(flow, new Date())
          ? {
              email: body.email,
              purpose: body.purpose,
              returnPath: safeReturnPath(base, body.returnPath),
              completePath: `${base}/auth/complete`,
              brandName: flow.brandName,
              locale: flow.locale,
            }
          : {
              email: body.email,
              purpose: 'sign-in',
              returnPath: '/account',
              completePath: ACCOUNT_SIGN_IN_COMPLETE_PATH,
              brandName: null,
              locale: flow.locale,
            };
      } else {
        const body = parseRequest(accountSchema, req.body, 'body');
        // No brand: the mail says "Sign in to your account", in the language of the page that asked.
        link = {
          email: body.email,
          purpose: 'sign-in',
          returnPath: accountReturnPath(body.returnPath),
          completePath: ACCOUNT_SIGN_IN_COMPLETE_PATH,
          brandName: null,
          locale: body.locale,
        };
      }
      const livemode = requestLivemode(req);
      const secure = secureCookies(env);
      const browserNonce = signInNonceFor(req.headers.cookie, secure);
      const outcome = await server.identity.requestLink({
        ...link,
        ip: requestClientKey(req, env),
        livemode,
        origin: publicOrigin(env, req),
        browserNonce,
        knownBrowser: readKnownBrowser(req.headers.cookie, secure),
      });
      if (outcome === 'rate_limited') {
        res.setHeader('Retry-After', '900');
        throw new HttpError(
          429,
          'too_many_requests',
          withLiftHint('Too many sign-in links were asked for. Please wait 15 minutes and try again.', livemode),
        );
      }
      res.setHeader('Set-Cookie', signInNonceCookie(browserNonce, secure));
      res.setHeader('Cache-Control', 'no-store');
      res.status(202);
      return { sent: true };
    },
  },
  { maxBodyBytes: 2 * 1024, sameOriginOnly: true },
);
