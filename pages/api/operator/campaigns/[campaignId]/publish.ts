import { publishCampaign } from '@/lib/server/campaigns/campaignStudio';
import { campaignQuery, publishBody } from '@/lib/server/campaigns/studioSchemas';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** POST {version}: the campaign's newest version into the catalogue, audited; 409 when a newer one was saved since. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { campaignId } = parseRequest(campaignQuery, req.query, 'query');
      const { version } = parseRequest(publishBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return publishCampaign(server, caller, campaignId, version);
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
