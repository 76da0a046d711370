import { receiveFunnelPixel, receiveFunnelPost } from '@/lib/server/tracking/endpoints/funnelEndpoint';
import { trackingRoute } from '@/lib/server/tracking/endpoints/trackingRoute';

/** Beacons arrive as text/plain and the size cap is ours: Next must not parse the body. */
export const config = { api: { bodyParser: false } };

/** POST|GET /martech/api/funnel?api_key=K[&livemode=false] (rewritten here): the journey's funnel events. */
export default trackingRoute('funnel', { POST: receiveFunnelPost, GET: receiveFunnelPixel });
