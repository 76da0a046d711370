import { ExperimentRepository } from '@/lib/server/experiments/ExperimentRepository';
import { startExperiment } from '@/lib/server/experiments/experimentStudio';
import { startExperimentBody } from '@/lib/server/experiments/experimentSchemas';
import { campaignQuery } from '@/lib/server/campaigns/studioSchemas';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** GET: the campaign's experiments, the newest first. POST {name, variants}: starts one, the published version as control; audited. */
export default apiRoute(
  {
    GET: async (req, res, server) => {
      await requireOperator(req, server, 'campaigns');
      const { campaignId } = parseRequest(campaignQuery, req.query, 'query');
      res.setHeader('Cache-Control', 'no-store');
      return { experiments: await new ExperimentRepository(server.db).list(campaignId) };
    },
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { campaignId } = parseRequest(campaignQuery, req.query, 'query');
      const body = parseRequest(startExperimentBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      res.status(201);
      return startExperiment(server, caller, campaignId, body);
    },
  },
  { maxBodyBytes: 2048, sameOriginOnly: true },
);
