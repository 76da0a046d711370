import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { CareDirectory } from '@/lib/server/care/CareDirectory';
import { careSearchQuery } from '@/lib/server/care/careSchemas';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

/** Customer care finds subscriptions: GET /api/operator/care/search?q=<e-mail address or invoice number> */
export default apiRoute({
  GET: async (req, res, server) => {
    await requireOperator(req, server, 'care');
    const { q } = parseRequest(careSearchQuery, req.query, 'query');
    res.setHeader('Cache-Control', 'no-store');
    return { hits: await new CareDirectory(server.db, server.clock).search(q) };
  },
});
