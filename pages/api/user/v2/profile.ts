import { apiRoute } from '@/lib/server/http/apiRoute';
import { profile } from '@/lib/server/identity/verifyEndpoint';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

/** GET /martech/api/user/v2/profile (rewritten here): the signed-in visitor's e-mail, or 401. */
export default apiRoute({ GET: profile });
