import { z } from 'zod';
import type { NextApiHandler } from 'next';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { authenticationRedirect } from './authenticationRedirect';
import type { SandboxIntent, SandboxWalletPayment } from './sandboxPayments';

interface SandboxAnswer<Outcome extends string> {
  /** The ids of the payments answered here, and what a query with another id is told it must be. */
  paymentId: { pattern: RegExp; message: string };
  outcomes: readonly [Outcome, ...Outcome[]];
  /** Gives the payment the visitor's answer; null when there is no such payment. */
  answer(server: ServerContext, paymentId: string, outcome: Outcome): Promise<SandboxIntent | SandboxWalletPayment | null>;
}

/**
 * The sandbox's answer endpoints (its bank's 3-D Secure page, its wallets' page): POST the
 * visitor's outcome for a payment, get its status and where the visitor goes next.
 */
export function sandboxAnswerRoute<Outcome extends string>({ paymentId, outcomes, answer }: SandboxAnswer<Outcome>): NextApiHandler {
  const bodySchema = z.strictObject({ outcome: z.enum(outcomes) });
  const querySchema = z.object({ paymentId: z.string().regex(paymentId.pattern, paymentId.message) });
  return apiRoute({
    POST: async (req, _res, server) => {
      const query = parseRequest(querySchema, req.query, 'query');
      const { outcome } = parseRequest(bodySchema, req.body, 'body');
      const payment = await answer(server, query.paymentId, outcome);
      if (!payment) throw new HttpError(404, 'payment_not_found', 'This payment does not exist.');
      return { status: payment.status, redirectTo: authenticationRedirect(payment) };
    },
  });
}
