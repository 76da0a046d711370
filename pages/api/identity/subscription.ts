import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { sessionIdentity } from '@/lib/server/identity/identityServices';
import { checkoutServices } from '@/lib/server/checkout/checkoutServices';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { isValidSegment } from '@/lib/journey/path';

const querySchema = z.strictObject({ brand: z.string().refine(isValidSegment, 'must be a brand slug') });

/** Whether the signed-in visitor already subscribes to the brand (false when not signed in). */
export default apiRoute({
  GET: async (req, res) => {
    const { brand } = parseRequest(querySchema, req.query, 'query');
    res.setHeader('Cache-Control', 'no-store');
    const email = await (await sessionIdentity()).email(req.headers.cookie);
    if (!email) return { signedIn: false, activeSubscription: false };
    const { db } = await checkoutServices();
    return { signedIn: true, activeSubscription: await new TransactionRepository(db).hasPaidSubscription(email, brand) };
  },
});
