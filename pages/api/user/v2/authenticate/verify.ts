import { apiRoute } from '@/lib/server/http/apiRoute';
import { verify } from '@/lib/server/identity/verifyEndpoint';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

/** GET /martech/api/user/v2/authenticate/verify (rewritten here): amgUUID and expires_on, or 401. */
export default apiRoute({ GET: verify });
