import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { authenticationRedirect } from '@/lib/server/payments/sandbox/authenticationRedirect';
import { SANDBOX_WALLET_PAYMENT_ID } from '@/lib/server/payments/sandbox/SandboxWalletGateway';

/** apiRoute reads the JSON body (its default limit, 1 MiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

const bodySchema = z.strictObject({ outcome: z.enum(['approve', 'cancel', 'fail']) });
const querySchema = z.object({ paymentId: z.string().regex(SANDBOX_WALLET_PAYMENT_ID, 'must be a sandbox wallet payment id') });

/**
 * A sandbox wallet's answer (approve, cancel, simulate a failure) and where the visitor goes
 * next. A payment is answered once: a repeated answer gets the first one's destination.
 */
export default apiRoute({
  POST: async (req, _res, server) => {
    const { paymentId } = parseRequest(querySchema, req.query, 'query');
    const { outcome } = parseRequest(bodySchema, req.body, 'body');
    const { sandboxWallets } = server.checkout;
    if (sandboxWallets.length === 0) throw new HttpError(404, 'sandbox_disabled', 'No sandbox wallet is in use.');
    for (const gateway of sandboxWallets) {
      if (!(await gateway.find(paymentId))) continue;
      const payment = (await gateway.answer(paymentId, outcome))!;
      return { status: payment.status, redirectTo: authenticationRedirect(payment) };
    }
    throw new HttpError(404, 'payment_not_found', 'This payment does not exist.');
  },
});
