import { saveCampaignDraft } from '@/lib/server/campaigns/campaignStudio';
import { campaignQuery, saveDraftBody, STUDIO_MAX_BODY_BYTES } from '@/lib/server/campaigns/studioSchemas';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** POST {baseVersion, draft, restoredFrom?}: the campaign's next version, a draft; 409 when another save came first. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { campaignId } = parseRequest(campaignQuery, req.query, 'query');
      const body = parseRequest(saveDraftBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return saveCampaignDraft(server, caller, campaignId, body);
    },
  },
  { maxBodyBytes: STUDIO_MAX_BODY_BYTES, sameOriginOnly: true },
);
