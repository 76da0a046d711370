import { receiveSegmentation } from '@/lib/server/tracking/endpoints/segmentationEndpoint';
import { trackingRoute } from '@/lib/server/tracking/endpoints/trackingRoute';

export const config = { api: { bodyParser: false } };

/** GET /user-context/segmentation/add|remove?segment=S (rewritten here): image requests, answered with a GIF. */
export default trackingRoute('segmentation', { GET: receiveSegmentation });
