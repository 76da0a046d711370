import { setExperimentPaused, stopExperiment } from '@/lib/server/experiments/experimentStudio';
import { experimentActionBody, experimentQuery } from '@/lib/server/experiments/experimentSchemas';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** POST {action: pause | resume | stop, winner}: pauses, resumes, or stops it keeping the winner as the campaign; audited. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { experimentId } = parseRequest(experimentQuery, req.query, 'query');
      const body = parseRequest(experimentActionBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      if (body.action === 'stop') return stopExperiment(server, caller, experimentId, body.winner);
      return setExperimentPaused(server, caller, experimentId, body.action === 'pause');
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
