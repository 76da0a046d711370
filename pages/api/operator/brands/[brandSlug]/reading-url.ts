import { changeReadingUrl } from '@/lib/server/campaigns/brandReadingUrl';
import { brandQuery, readingUrlBody } from '@/lib/server/campaigns/studioSchemas';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** POST {readingUrl}: where the brand's new subscribers start reading (null: nowhere), into the catalogue at once; audited. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { brandSlug } = parseRequest(brandQuery, req.query, 'query');
      const { readingUrl } = parseRequest(readingUrlBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return changeReadingUrl(server, caller, brandSlug, readingUrl);
    },
  },
  { maxBodyBytes: 4 * 1024, sameOriginOnly: true },
);
