import { createPreview } from '@/lib/server/campaigns/campaignPreviews';
import { campaignQuery, publishBody } from '@/lib/server/campaigns/studioSchemas';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** POST {version}: a 24-hour link that shows the version to whoever holds it, as visitors would see it; audited. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { campaignId } = parseRequest(campaignQuery, req.query, 'query');
      const { version } = parseRequest(publishBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      res.status(201);
      return createPreview(server, caller, campaignId, version);
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
