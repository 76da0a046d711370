import { filterCampaigns, parseStudioFilter } from '@/lib/campaigns/studioList';
import { saveCampaignDraft } from '@/lib/server/campaigns/campaignStudio';
import { studioCampaignList } from '@/lib/server/campaigns/studioCampaigns';
import { createCampaignBody, STUDIO_MAX_BODY_BYTES } from '@/lib/server/campaigns/studioSchemas';
import { HttpError } from '@/lib/server/http/HttpError';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/**
 * GET: the campaigns the studio lists, narrowed by `q`, `brand` and `state`. POST {draft}: a
 * new campaign's first version, a draft (marketers and admins).
 */
export default apiRoute(
  {
    GET: async (req, res, server) => {
      await requireOperator(req, server, 'campaigns');
      const parsed = parseStudioFilter(req.query);
      if (!parsed.ok) throw new HttpError(400, 'invalid_filter', parsed.message);
      res.setHeader('Cache-Control', 'no-store');
      const { campaigns, today } = await studioCampaignList(server);
      return { today, campaigns: filterCampaigns(campaigns, parsed.filter) };
    },
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { draft } = parseRequest(createCampaignBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      res.status(201);
      return saveCampaignDraft(server, caller, null, { baseVersion: null, draft });
    },
  },
  { maxBodyBytes: STUDIO_MAX_BODY_BYTES, sameOriginOnly: true },
);
