import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { careView } from '@/lib/server/care/careReads';
import { subscriptionIdQuery } from '@/lib/server/care/careSchemas';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** Customer care reads one subscription with its customer's payments, refunds, e-mails and history; limited and audited. */
export default apiRoute({
  GET: async (req, res, server) => {
    const caller = await requireOperator(req, server, 'care');
    const { id } = parseRequest(subscriptionIdQuery, req.query, 'query');
    const customer = await careView(server, caller, id);
    if (!customer) throw new HttpError(404, 'subscription_not_found', 'There is no subscription with this id.');
    res.setHeader('Cache-Control', 'no-store');
    return { customer };
  },
});
