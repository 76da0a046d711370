import { apiRoute } from '@/lib/server/http/apiRoute';
import { bodyLocale, parseSubmit } from '@/lib/server/checkout/parseSubmit';
import { submitRequestSchemaFor } from '@/lib/checkout/submitContract';
import { claimedLivemode, sandboxCardsTaken } from '@/lib/server/payments/sandboxCards';
import { receiptCookie } from '@/lib/server/checkout/receiptCookie';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import { checkoutLimitsFor } from '@/lib/server/checkout/requestLimits';
import { subscriptionStatus } from '@/lib/server/checkout/subscriptionStatus';
import { knownOrigin } from '@/lib/server/http/publicOrigin';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { consentClient } from '@/lib/server/http/clientAddress';
import { answeredIn } from '@/lib/server/http/refusal';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { DEFAULT_LOCALE, parseLocale } from '@/lib/i18n/locales';
import { checkoutCatalogue } from '@/lib/server/checkout/checkoutCatalogue';

/** apiRoute reads the JSON body (at most 8 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: async (req, res, server) => {
      // Card fields are parsed only where the sandbox takes them in the request's mode; elsewhere refused unread.
      const schema = submitRequestSchemaFor(sandboxCardsTaken(server.config, claimedLivemode(req.body)));
      // Billing details the form would have refused are refused in the buyer's language too.
      const request = await answeredIn(
        async () => serverWords(bodyLocale(req.body) ?? DEFAULT_LOCALE),
        async () => parseSubmit(schema, req.body),
      );
      const buyerIdentity = await server.sessions.email(req.headers.cookie, String(request.livemode));
      const alreadySubscribed = async (brand: string) => (await subscriptionStatus(server, req.headers.cookie, brand)).activeSubscription;
      const origin = knownOrigin(server.config, req);
      // Refused in the language the buyer was served in (the page's), which the request names.
      const words = async () => serverWords(parseLocale(request.locale ?? '') ?? DEFAULT_LOCALE);
      const { response, receipt } = await answeredIn(words, async () =>
        submitCheckout(
          {
            ...server.checkout,
            alreadySubscribed,
            origin,
            buyerIdentity,
            client: consentClient(req, server.config),
            limits: checkoutLimitsFor(server, req),
          },
          await checkoutCatalogue(server, request, req.cookies),
          request,
        ),
      );
      if (receipt) res.setHeader('Set-Cookie', receiptCookie(receipt, secureCookies(server.config)));
      res.setHeader('Cache-Control', 'no-store');
      return response;
    },
  },
  { maxBodyBytes: 8 * 1024 },
);
