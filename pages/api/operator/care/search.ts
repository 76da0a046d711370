import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { careSearch } from '@/lib/server/care/careReads';
import { careSearchQuery } from '@/lib/server/care/careSchemas';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** Customer care finds subscriptions: GET /api/operator/care/search?q=<a whole e-mail address or invoice number>; limited and audited. */
export default apiRoute({
  GET: async (req, res, server) => {
    const caller = await requireOperator(req, server, 'care');
    const { q } = parseRequest(careSearchQuery, req.query, 'query');
    res.setHeader('Cache-Control', 'no-store');
    return { hits: await careSearch(server, caller, q) };
  },
});
