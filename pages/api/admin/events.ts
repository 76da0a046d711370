import { apiRoute } from '@/lib/server/http/apiRoute';
import { listEventsForAdmin } from '@/lib/server/events/adminEndpoints';

/** Operators read stored tracking events in arrival order: GET /api/admin/events?campaignId=…&livemode=false */
export default apiRoute({ GET: listEventsForAdmin });
