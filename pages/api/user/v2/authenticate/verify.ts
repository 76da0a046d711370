import { apiRoute } from '@/lib/server/http/apiRoute';
import { verify } from '@/lib/server/identity/verifyEndpoint';

/** GET /martech/api/user/v2/authenticate/verify (rewritten here): amgUUID and expires_on, or 401. */
export default apiRoute({ GET: verify });
