import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { subscriptionStatus } from '@/lib/server/checkout/subscriptionStatus';
import { isValidSegment } from '@/lib/journey/path';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

const querySchema = z.strictObject({ brand: z.string().refine(isValidSegment, 'must be a brand slug') });

/** Whether the signed-in visitor already subscribes to the brand (false when not signed in). */
export default apiRoute({
  GET: async (req, res, server) => {
    const { brand } = parseRequest(querySchema, req.query, 'query');
    res.setHeader('Cache-Control', 'no-store');
    return subscriptionStatus(server, req.headers.cookie, brand);
  },
});
