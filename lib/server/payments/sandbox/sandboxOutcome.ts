import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { ChargeResult, GatewayEvent, GatewayName } from '@/lib/server/payments/PaymentGateway';
import { randomId } from '@/lib/server/ids';

/** What a sandbox payment, a card's or a wallet's, says of how it stands. */
interface SandboxPaymentState {
  id: string;
  status: string;
  lastErrorCode: PaymentFailureCode | null;
}

/**
 * A sandbox payment as the checkout sees it: paid; waiting for the visitor on the sandbox's
 * own page (answerPath); else failed, for its recorded reason or failureCode when it has none.
 */
export function sandboxChargeResult(
  payment: SandboxPaymentState,
  answerPath: (paymentId: string) => string,
  failureCode: PaymentFailureCode,
): ChargeResult {
  if (payment.status === 'succeeded') return { status: 'succeeded', paymentId: payment.id };
  if (payment.status === 'requires_action') {
    return { status: 'requires_action', paymentId: payment.id, action: { type: 'redirect', url: answerPath(payment.id) } };
  }
  return { status: 'failed', paymentId: payment.id, code: payment.lastErrorCode ?? failureCode };
}

/** The event reporting a sandbox payment's final state, as a real provider's notification would. */
export function sandboxFinalEvent(gateway: GatewayName, payment: SandboxPaymentState): GatewayEvent {
  return {
    id: randomId('evt_sandbox'),
    gateway,
    type: payment.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
    paymentId: payment.id,
    ...(payment.lastErrorCode ? { failureCode: payment.lastErrorCode } : {}),
  };
}
