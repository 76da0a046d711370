import { apiRoute } from '@/lib/server/http/apiRoute';
import { vatNumbersToReview } from '@/lib/server/finance/vatReviews';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** The VAT numbers finance has yet to check, the longest waiting first (admins). */
export default apiRoute({
  GET: async (req, res, server) => {
    await requireOperator(req, server, 'admin');
    res.setHeader('Cache-Control', 'no-store');
    return { reviews: await vatNumbersToReview(server.db, server.clock()) };
  },
});
