import { HttpError } from '@/lib/server/http/HttpError';
import { SANDBOX_PAYMENT_ID } from '@/lib/server/payments/sandbox/SandboxGateway';
import { sandboxAnswerRoute } from '@/lib/server/payments/sandbox/sandboxAnswerRoute';

/** apiRoute reads the JSON body (its default limit, 1 MiB), so that every refusal is our JSON error shape. */
export const config = { api: { bodyParser: false } };

/** The sandbox bank's answer to a 3-D Secure challenge, and where the visitor goes next. */
export default sandboxAnswerRoute({
  paymentId: { pattern: SANDBOX_PAYMENT_ID, message: 'must be a sandbox payment id' },
  outcomes: ['approve', 'fail'],
  answer: async (server, paymentId, outcome) => {
    const { sandbox } = server.checkout;
    if (!sandbox) throw new HttpError(404, 'sandbox_disabled', 'The sandbox gateway is not in use.');
    return sandbox.authenticate(paymentId, outcome);
  },
});
