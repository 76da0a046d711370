import { receiveSchemas } from '@/lib/server/tracking/endpoints/schemaInspectorEndpoint';
import { trackingRoute } from '@/lib/server/tracking/endpoints/trackingRoute';

export const config = { api: { bodyParser: false } };

/** POST /martech/api/schema-inspector (rewritten here): batches of observed event shapes. */
export default trackingRoute('inspector', { POST: receiveSchemas });
