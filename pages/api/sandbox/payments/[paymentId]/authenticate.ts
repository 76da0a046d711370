import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { authenticationRedirect } from '@/lib/server/payments/sandbox/authenticationRedirect';
import { SANDBOX_PAYMENT_ID } from '@/lib/server/payments/sandbox/SandboxGateway';

/** apiRoute reads the JSON body (its default limit, 1 MiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

const bodySchema = z.strictObject({ outcome: z.enum(['approve', 'fail']) });
const querySchema = z.object({ paymentId: z.string().regex(SANDBOX_PAYMENT_ID, 'must be a sandbox payment id') });

/** The sandbox bank's answer to a 3-D Secure challenge, and where the visitor goes next. */
export default apiRoute({
  POST: async (req, _res, server) => {
    const { paymentId } = parseRequest(querySchema, req.query, 'query');
    const { outcome } = parseRequest(bodySchema, req.body, 'body');
    const { sandbox } = server.checkout;
    if (!sandbox) throw new HttpError(404, 'sandbox_disabled', 'The sandbox gateway is not in use.');
    const intent = await sandbox.authenticate(paymentId, outcome);
    if (!intent) throw new HttpError(404, 'payment_not_found', 'This payment does not exist.');
    return { status: intent.status, redirectTo: authenticationRedirect(intent) };
  },
});
