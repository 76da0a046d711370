import { apiRoute } from '@/lib/server/http/apiRoute';
import { listEventsForAdmin } from '@/lib/server/tracking/endpoints/adminEndpoints';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

/** Operators read stored tracking events in arrival order: GET /api/admin/events?campaignId=…&livemode=false */
export default apiRoute({ GET: listEventsForAdmin });
