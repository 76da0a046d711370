import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { checkoutServices } from '@/lib/server/checkout/checkoutServices';
import { subscriptionStatus } from '@/lib/server/checkout/subscriptionStatus';
import { isValidSegment } from '@/lib/journey/path';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

const querySchema = z.strictObject({ brand: z.string().refine(isValidSegment, 'must be a brand slug') });

/** Whether the signed-in visitor already subscribes to the brand (false when not signed in). */
export default apiRoute({
  GET: async (req, res) => {
    const { brand } = parseRequest(querySchema, req.query, 'query');
    res.setHeader('Cache-Control', 'no-store');
    const { db } = await checkoutServices();
    return subscriptionStatus(db, req.headers.cookie, brand);
  },
});
