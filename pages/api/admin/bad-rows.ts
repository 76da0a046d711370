import { apiRoute } from '@/lib/server/http/apiRoute';
import { listBadRowsForAdmin } from '@/lib/server/tracking/endpoints/adminEndpoints';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

/** Operators read refused tracking requests with the reason, in arrival order: GET /api/admin/bad-rows?channel=funnel */
export default apiRoute({ GET: listBadRowsForAdmin });
