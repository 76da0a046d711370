import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { visitorEntitlement } from '@/lib/server/subscriptions/visitorEntitlement';
import { isValidSegment } from '@/lib/journey/path';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

const querySchema = z.strictObject({
  brand: z.string().refine(isValidSegment, 'must be a brand slug'),
  livemode: z.enum(['true', 'false']).default('true'),
});

/** Whether the signed-in visitor may read the brand now and until when (test-mode subscriptions only with livemode=false). */
export default apiRoute({
  GET: async (req, res, server) => {
    const { brand, livemode } = parseRequest(querySchema, req.query, 'query');
    res.setHeader('Cache-Control', 'no-store');
    return visitorEntitlement(server, req.headers.cookie, brand, livemode === 'true');
  },
});
