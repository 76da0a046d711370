import { apiRoute } from '@/lib/server/http/apiRoute';
import { appDb } from '@/lib/server/db/appDb';
import { serverEnv } from '@/lib/config/serverEnv';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { receiveCspReports } from '@/lib/server/security/cspReportEndpoint';

/** Reports come as application/csp-report or application/reports+json: read as bytes. */
export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: async (req, res) => receiveCspReports(req, res, await appDb(), requestClientKey(req, serverEnv().TRUSTED_PROXY_HOPS)),
  },
  { body: 'raw' },
);
