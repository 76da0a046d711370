import { scheduleCampaign, unscheduleCampaign } from '@/lib/server/campaigns/campaignStudio';
import { campaignQuery, scheduleBody } from '@/lib/server/campaigns/studioSchemas';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** POST {version, publishAt, timeZone}: the version published at that time; DELETE: the schedule called off (both audited). */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { campaignId } = parseRequest(campaignQuery, req.query, 'query');
      const body = parseRequest(scheduleBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return scheduleCampaign(server, caller, campaignId, body);
    },
    DELETE: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { campaignId } = parseRequest(campaignQuery, req.query, 'query');
      res.setHeader('Cache-Control', 'no-store');
      return unscheduleCampaign(server, caller, campaignId);
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true, optionalBody: true },
);
