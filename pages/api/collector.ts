import { collectorPreflight, receiveAnalytics } from '@/lib/server/tracking/endpoints/collectorEndpoint';
import { trackingRoute } from '@/lib/server/tracking/endpoints/trackingRoute';

/** The size cap and the accepted content types are ours: Next must not parse the body. */
export const config = { api: { bodyParser: false } };

/** POST /com.condenast/yv8 (rewritten here): the analytics tracker's event batches. */
export default trackingRoute('analytics', { POST: receiveAnalytics }, { preflight: collectorPreflight });
