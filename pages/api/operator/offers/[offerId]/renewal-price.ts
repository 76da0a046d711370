import { z } from 'zod';
import { changeRenewalPrice } from '@/lib/server/campaigns/renewalPriceChange';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

const query = z.strictObject({ offerId: z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be an offer id such as 1001') });
const body = z.strictObject({
  renewalAmount: z.number().int('must be a whole number of cents').nonnegative('must not be negative').max(100_000_000, 'is too high'),
});

/** POST {renewalAmount}: a bought offer's renewal price changed for its subscribers, with notice (audited). */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'campaigns');
      const { offerId } = parseRequest(query, req.query, 'query');
      const { renewalAmount } = parseRequest(body, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return changeRenewalPrice(server, caller, offerId, renewalAmount);
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
