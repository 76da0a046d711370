import { apiRoute } from '@/lib/server/http/apiRoute';
import { listBadRowsForAdmin } from '@/lib/server/events/adminEndpoints';

/** Operators read refused tracking requests with the reason, in arrival order: GET /api/admin/bad-rows?channel=funnel */
export default apiRoute({ GET: listBadRowsForAdmin });
