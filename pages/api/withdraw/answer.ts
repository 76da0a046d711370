import { apiRoute } from '@/lib/server/http/apiRoute';
import { answerWithdrawal } from '@/lib/server/withdrawal/withdrawalRoutes';

/** apiRoute reads the JSON body (at most 1 KiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

/** Confirms a withdrawal declared on the public page, or objects to it, with a link e-mailed to the subscriber. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const answer = await answerWithdrawal(req, server);
      server.mail.kick();
      res.setHeader('Cache-Control', 'no-store');
      return answer;
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
