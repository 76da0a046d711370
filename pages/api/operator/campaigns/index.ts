import { filterCampaigns, parseStudioFilter } from '@/lib/campaigns/studioList';
import { studioCampaignList } from '@/lib/server/campaigns/studioCampaigns';
import { HttpError } from '@/lib/server/http/HttpError';
import { apiRoute } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** The campaigns the studio lists, narrowed by `q`, `brand` and `state` (marketers and admins). */
export default apiRoute({
  GET: async (req, res, server) => {
    await requireOperator(req, server, 'campaigns');
    const parsed = parseStudioFilter(req.query);
    if (!parsed.ok) throw new HttpError(400, 'invalid_filter', parsed.message);
    res.setHeader('Cache-Control', 'no-store');
    const { campaigns, today } = await studioCampaignList(server);
    return { today, campaigns: filterCampaigns(campaigns, parsed.filter) };
  },
});
