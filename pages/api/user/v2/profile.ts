import { apiRoute } from '@/lib/server/http/apiRoute';
import { profile } from '@/lib/server/identity/verifyEndpoint';

/** GET /martech/api/user/v2/profile (rewritten here): the signed-in visitor's e-mail, or 401. */
export default apiRoute({ GET: profile });
