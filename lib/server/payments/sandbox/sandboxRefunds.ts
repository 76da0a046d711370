import type { RefundRequest, RefundResult } from '@/lib/server/payments/PaymentGateway';
import { randomId } from '@/lib/server/ids';
import type { SandboxPaymentRepository } from './SandboxPaymentRepository';

/** The ids the sandbox gives its refunds: randomId('re_sandbox'). */
export const SANDBOX_REFUND_ID = /^re_sandbox_[a-z2-7]{20}$/;

/** The sale ids the sandbox PayPal's renewal events carry (sandboxPayPalRenewal.ts): it keeps no record of them. */
export const SANDBOX_SALE_ID = /^SALE-[0-9A-F]{17}$/;

/** A sandbox payment as a refund sees it: what it took, and whether it took it. */
export interface SandboxPaid {
  amount: number;
  currencyCode: string;
  succeeded: boolean;
}

/**
 * A refund at the sandbox, as Stripe makes one: once per idempotency key (a repeat answers
 * the first refund), never more than the payment took in all, in its currency, and done at
 * once. `paid` is the payment refunded, null when the sandbox knows none by that id.
 */
export async function refundInSandbox(
  payments: SandboxPaymentRepository,
  request: RefundRequest,
  paid: SandboxPaid | null,
  at: Date,
): Promise<RefundResult> {
  const existing = await payments.findRefund({ idempotencyKey: request.idempotencyKey });
  if (existing) return { status: 'succeeded', refundId: existing.id };
  if (!paid || !paid.succeeded)
    return { status: 'failed', refundId: null, code: 'payment_not_found', message: `The sandbox took no payment ${request.paymentId}.` };
  if (paid.currencyCode !== request.currencyCode)
    return { status: 'failed', refundId: null, code: 'refused', message: `The payment was taken in ${paid.currencyCode}.` };
  const left = paid.amount - (await payments.refundedOf(request.paymentId));
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0 || request.amount > left)
    return { status: 'failed', refundId: null, code: 'amount_too_large', message: `At most ${left} (minor units) is left to refund.` };
  const refund = {
    id: randomId('re_sandbox'),
    paymentId: request.paymentId,
    amount: request.amount,
    currencyCode: request.currencyCode,
    idempotencyKey: request.idempotencyKey,
    createdAt: at.toISOString(),
  };
  if (await payments.insertRefund(refund)) return { status: 'succeeded', refundId: refund.id };
  // A concurrent refund under the same key won: answer as it did.
  const winner = await payments.findRefund({ idempotencyKey: request.idempotencyKey });
  if (!winner) throw new Error('sandbox refund vanished after an idempotency conflict');
  return { status: 'succeeded', refundId: winner.id };
}

/** A sandbox refund read back: it is done at once, so it is succeeded, or unknown. */
export async function sandboxRefundStatus(payments: SandboxPaymentRepository, refundId: string): Promise<RefundResult> {
  const refund = await payments.findRefund({ id: refundId });
  return refund
    ? { status: 'succeeded', refundId: refund.id }
    : { status: 'failed', refundId, code: 'payment_not_found', message: `The sandbox made no refund ${refundId}.` };
}
