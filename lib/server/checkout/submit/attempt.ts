import type { SubmitRequest, SubmitResponse } from '@/lib/checkout/submitContract';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import { parseExpiry } from '@/lib/payments/sandbox/cardFields';
import { cardBrand, digitsOnly } from '@/lib/payments/sandbox/testCards';
import { IdempotencyStore } from '@/lib/server/checkout/IdempotencyStore';
import { sha256 } from '@/lib/server/ids';
import type { PaymentInput } from '@/lib/server/payments/PaymentGateway';
import type { CheckoutDeps, SubmitOutcome } from './deps';

/** The transaction of an attempt is named after its key, so a retried attempt finds it again. */
export const transactionIdFor = (idempotencyKey: string) => `txn_${sha256(`transaction:${idempotencyKey}`).slice(0, 24)}`;

/** One submit of a checkout attempt: the attempt's key and what every later step reads of the request. */
export interface SubmitAttempt {
  key: string;
  transactionId: string;
  receipt: NonNullable<SubmitOutcome['receipt']>;
  /** What the gateway charges. */
  payment: PaymentInput;
  /** The payment as the transaction keeps it: no card secrets. */
  paymentSnapshot: OrderSnapshot['payment'];
  /** What identifies the attempt's request, so that another request under its key is told apart. */
  fingerprint: string;
  idempotency: IdempotencyStore<SubmitResponse>;
  /** One clock reading for the whole submit: pricing, the card's expiry and the consent's date agree. */
  now: Date;
}

export function startAttempt(deps: CheckoutDeps, request: SubmitRequest): SubmitAttempt {
  const now = deps.now();
  const key = request.idempotencyKey;
  const transactionId = transactionIdFor(key);
  const { input, snapshot } = paymentInput(request);
  return {
    key,
    transactionId,
    receipt: { transactionId, token: key },
    payment: input,
    paymentSnapshot: snapshot,
    fingerprint: requestFingerprint(request, snapshot),
    idempotency: new IdempotencyStore<SubmitResponse>(deps.db, deps.now),
    now,
  };
}

function paymentInput(request: SubmitRequest): { input: PaymentInput; snapshot: OrderSnapshot['payment'] } {
  const payment = request.payment;
  // Besides the two card inputs, the contract admits only wallets, whose submit is their id (lib/payments/methods.ts).
  if (payment.kind !== 'sandbox-card' && payment.kind !== 'stripe-payment-method') {
    return { input: { kind: payment.kind }, snapshot: { method: payment.kind } };
  }
  // A card an express wallet handed over is a card payment, kept with the wallet's name.
  const wallet = request.expressWallet ? { wallet: request.expressWallet } : {};
  if (payment.kind === 'stripe-payment-method') {
    return {
      input: { kind: 'stripe-payment-method', paymentMethodId: payment.paymentMethodId },
      snapshot: { method: 'card', brand: 'card', last4: '', ...wallet },
    };
  }
  const expiry = parseExpiry(payment.expiry)!;
  const number = digitsOnly(payment.number);
  return {
    input: { kind: 'sandbox-card', number, expMonth: expiry.month, expYear: expiry.year, cvc: payment.cvc },
    snapshot: { method: 'card', brand: cardBrand(number), last4: number.slice(-4), ...wallet },
  };
}

/** What identifies the request of an attempt, without the card's secrets. */
function requestFingerprint(request: SubmitRequest, payment: OrderSnapshot['payment']): string {
  const { payment: _secrets, ...rest } = request;
  return sha256(
    JSON.stringify({ ...rest, payment: { kind: request.payment.kind, last4: payment.method === 'card' ? payment.last4 : '' } }),
  );
}
