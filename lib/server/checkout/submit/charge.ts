import type { SubmitRequest, SubmitResponse } from '@/lib/checkout/submitContract';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import { purchaseFor } from '@/lib/server/checkout/purchase';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { ChargeResult } from '@/lib/server/payments/PaymentGateway';
import type { SubmitAttempt } from './attempt';
import type { CheckoutDeps } from './deps';
import { openTransaction, orderSnapshot, recordCharge } from './record';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { responseFor } from './responses';
import type { ValidOrder } from './validate';

/** A claimed attempt's answer, and whether this request asked the gateway for it. */
export interface ChargeAnswer {
  response: SubmitResponse;
  /** False when a transaction kept from an earlier try already had its outcome: nothing new to count. */
  charged: boolean;
}

/**
 * Charges a claimed attempt once: records its transaction, charges through the gateway
 * (unless a kept transaction already has its outcome), records the result and keeps the
 * answer for the attempt's later requests.
 */
export async function chargeOnce(
  deps: CheckoutDeps,
  request: SubmitRequest,
  attempt: SubmitAttempt,
  order: ValidOrder,
): Promise<ChargeAnswer> {
  const { idempotency, key, transactionId } = attempt;
  try {
    const snapshot = orderSnapshot(order, attempt, request.returnPath, deps.origin ?? null);
    const transactions = new TransactionRepository(deps.db, deps.now);
    const settled = await openTransaction(deps, request, attempt, order, snapshot);
    if (settled) {
      await idempotency.complete(key, settled);
      return { response: settled, charged: false };
    }
    const result = await chargeGateway(deps, request, attempt, order, snapshot);
    await recordCharge(transactions, transactionId, result);
    const response = responseFor(result, transactionId, request.returnPath, serverWords(order.flow.locale));
    await idempotency.complete(key, response);
    return { response, charged: true };
  } catch (error) {
    // No answer was given: a retry of the attempt may try again, and the gateway's own
    // idempotency key keeps that from charging twice.
    await idempotency.release(key);
    throw error;
  }
}

function chargeGateway(
  deps: CheckoutDeps,
  request: SubmitRequest,
  attempt: SubmitAttempt,
  order: ValidOrder,
  snapshot: OrderSnapshot,
): Promise<ChargeResult> {
  const { billing } = request;
  const { flow, offer, priced } = order;
  return order.gateway.charge({
    amount: priced.quote.total,
    currencyCode: priced.quote.currencyCode,
    idempotencyKey: attempt.key,
    description: `${flow.brandName}: ${offer.name}`,
    customer: { email: billing.email, name: `${billing.firstName} ${billing.lastName}` },
    payment: attempt.payment,
    livemode: request.livemode,
    returnUrl: request.returnPath,
    origin: deps.origin ?? null,
    purchase: purchaseFor(snapshot.offer),
    metadata: { transactionId: attempt.transactionId, campaignId: flow.campaignId },
  });
}
