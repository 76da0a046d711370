import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { liftLimits, limitLiftDepsOf, limitsOf } from '@/lib/server/limits/limitLifts';
import { liftBody, limitsQuery } from '@/lib/server/limits/limitSubject';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/**
 * The rate limits that count a client or an e-mail address, for care and admins:
 * GET ?subject=<an IP address or e-mail address> lists them; POST {subject, limit: <id>|'all'}
 * lifts them, audited as limit.lifted, and answers the list as it now stands.
 */
export default apiRoute(
  {
    GET: async (req, res, server) => {
      await requireOperator(req, server, 'care');
      const { subject } = parseRequest(limitsQuery, req.query, 'query');
      res.setHeader('Cache-Control', 'no-store');
      return limitsOf(limitLiftDepsOf(server), subject);
    },
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'care');
      const { subject, limit } = parseRequest(liftBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return liftLimits(limitLiftDepsOf(server), caller.actor, subject, limit);
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
