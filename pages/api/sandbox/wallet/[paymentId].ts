import { HttpError } from '@/lib/server/http/HttpError';
import { SANDBOX_WALLET_PAYMENT_ID, WALLET_OUTCOMES } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import { sandboxAnswerRoute } from '@/lib/server/payments/sandbox/sandboxAnswerRoute';

/** apiRoute reads the JSON body (its default limit, 1 MiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

/**
 * A sandbox wallet's answer (approve, approve with renewals that will fail, cancel, simulate
 * a failure) and where the visitor goes
 * next. A payment is answered once: a repeated answer gets the first one's destination.
 */
export default sandboxAnswerRoute({
  paymentId: { pattern: SANDBOX_WALLET_PAYMENT_ID, message: 'must be a sandbox wallet payment id' },
  outcomes: WALLET_OUTCOMES,
  answer: async (server, paymentId, outcome) => {
    const { sandboxWallets } = server.checkout;
    if (sandboxWallets.length === 0) throw new HttpError(404, 'sandbox_disabled', 'No sandbox wallet is in use.');
    // The payment belongs to one wallet: another wallet does not find it.
    for (const gateway of sandboxWallets) {
      if (await gateway.find(paymentId)) return gateway.answer(paymentId, outcome);
    }
    return null;
  },
});
