import { apiRoute } from '@/lib/server/http/apiRoute';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { receiveCspReports } from '@/lib/server/security/cspReportEndpoint';

/** Reports come as application/csp-report or application/reports+json: read as bytes. */
export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: async (req, res, server) => receiveCspReports(req, res, server.trackingDb, requestClientKey(req, server.config)),
  },
  { body: 'raw' },
);
