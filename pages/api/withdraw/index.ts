import { apiRoute } from '@/lib/server/http/apiRoute';
import { declareWithdrawal } from '@/lib/server/withdrawal/withdrawalRoutes';

/** apiRoute reads the JSON body (at most 2 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

/**
 * A withdrawal declared without signing in: recorded, and answered the same, after the same
 * work, whether or not it names a purchase; the background pass matches and acknowledges it
 * (lib/server/withdrawal/publicWithdrawalsPass.ts).
 */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const answer = await declareWithdrawal(req, server);
      // Examined after this answer, on every kick alike: the answer waits for no lookup or e-mail.
      void server.jobs.kick('public-withdrawals');
      res.setHeader('Cache-Control', 'no-store');
      res.status(202);
      return answer;
    },
  },
  { maxBodyBytes: 2 * 1024, sameOriginOnly: true },
);
