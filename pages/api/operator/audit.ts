import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { readAudit } from '@/lib/server/operators/auditLog';
import { requireOperator } from '@/lib/server/operators/operatorAccess';
import { auditQuery } from '@/lib/server/operators/operatorSchemas';

export const config = { api: { bodyParser: false } };

/** Admins read the audit log, newest first: GET /api/operator/audit?limit=100&before=<seq>&target=operator:op_… */
export default apiRoute({
  GET: async (req, res, server) => {
    await requireOperator(req, server, 'admin');
    const query = parseRequest(auditQuery, req.query, 'query');
    res.setHeader('Cache-Control', 'no-store');
    return { entries: await readAudit(server.db, query) };
  },
});
