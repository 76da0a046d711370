import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { quoteRequestSchema } from '@/lib/checkout/quoteContract';
import { clientQuoteDeps, quoteForClient } from '@/lib/server/checkout/clientQuote';
import { checkoutLimitsFor } from '@/lib/server/checkout/requestLimits';
import { flowKey } from '@/lib/server/catalogue/CatalogueRepository';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { answeredIn } from '@/lib/server/http/refusal';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { requestLocaleOr } from '@/lib/server/checkout/requestLocale';
import { checkoutCatalogue } from '@/lib/server/checkout/checkoutCatalogue';

/** apiRoute reads the JSON body (at most 4 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: async (req, _res, server) => {
      const request = parseRequest(quoteRequestSchema, req.body, 'body');
      const limits = checkoutLimitsFor(server, req);
      // A refusal (a limit's, a variant no longer the buyer's) in the request's language, as the
      // quote's own refusals are (looked up only then).
      const words = async () => {
        const flow = (await server.catalogue.get()).flowsByPath.get(flowKey(request.brand, request.urlSlug));
        return serverWords(requestLocaleOr(flow, request.locale, DEFAULT_LOCALE));
      };
      return answeredIn(words, async () => {
        const snapshot = await checkoutCatalogue(server, request, req.cookies);
        await limits.admitQuote(request.livemode ?? true);
        return quoteForClient(clientQuoteDeps(server.db, limits), snapshot, request, server.clock());
      });
    },
  },
  { maxBodyBytes: 4 * 1024 },
);
