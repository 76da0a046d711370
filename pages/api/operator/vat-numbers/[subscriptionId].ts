import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { reviewVatNumber } from '@/lib/server/finance/vatReviews';
import { vatReviewBody, vatReviewQuery } from '@/lib/server/finance/vatReviewSchemas';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** Finance records its check of a subscription's VAT number: POST {vatNumber, decision: 'verified'|'rejected'} (admins, audited). */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const caller = await requireOperator(req, server, 'admin');
      const { subscriptionId } = parseRequest(vatReviewQuery, req.query, 'query');
      const body = parseRequest(vatReviewBody, req.body, 'body');
      res.setHeader('Cache-Control', 'no-store');
      return reviewVatNumber(server, caller, subscriptionId, body);
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
