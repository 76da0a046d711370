import { receiveSegmentation } from '@/lib/server/events/segmentationEndpoint';
import { trackingRoute } from '@/lib/server/events/trackingRoute';

export const config = { api: { bodyParser: false } };

/** GET /user-context/segmentation/add|remove?segment=S (rewritten here): image requests, answered with a GIF. */
export default trackingRoute('segmentation', { GET: receiveSegmentation });
