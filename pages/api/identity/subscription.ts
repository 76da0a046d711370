import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { identityService } from '@/lib/server/identity/identityServices';
import { readSessionToken } from '@/lib/server/identity/sessionCookies';
import { isValidSegment } from '@/lib/journey/path';

const querySchema = z.strictObject({ brand: z.string().refine(isValidSegment, 'must be a brand slug') });

/** Whether the signed-in visitor already subscribes to the brand (false when not signed in). */
export default apiRoute({
  GET: async (req, res) => {
    const { brand } = parseRequest(querySchema, req.query, 'query');
    res.setHeader('Cache-Control', 'no-store');
    const identity = await identityService();
    const token = readSessionToken(req.headers.cookie);
    const verified = await identity.verify(token);
    return { signedIn: verified.ok, activeSubscription: verified.ok ? await identity.hasActiveSubscription(token, brand) : false };
  },
});
