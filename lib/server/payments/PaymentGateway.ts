import type { CurrencyCode } from '../../pricing/currencies';
import type { PaymentFailureCode } from '../../payments/paymentErrors';
import type { NextAction } from '../../payments/nextAction';

export type { NextAction };

export type GatewayName = 'sandbox' | 'stripe';

/** How the visitor pays, in the form the gateway takes it. */
export type PaymentInput =
  | { kind: 'sandbox-card'; number: string; expMonth: number; expYear: number; cvc: string }
  | { kind: 'stripe-payment-method'; paymentMethodId: string };

export interface ChargeRequest {
  amount: number;
  currencyCode: CurrencyCode;
  /** One per checkout attempt: the gateway charges at most once per key. */
  idempotencyKey: string;
  description: string;
  customer: { email: string; name: string };
  payment: PaymentInput;
  livemode: boolean;
  /** Where the visitor comes back to after an authentication step (3-D Secure). */
  returnUrl: string;
  metadata: Record<string, string>;
}


export type ChargeResult =
  | { status: 'succeeded'; paymentId: string }
  | { status: 'requires_action'; paymentId: string; action: NextAction }
  | { status: 'failed'; paymentId: string | null; code: PaymentFailureCode };

/** A gateway's report that a payment changed state, from a webhook or the sandbox. */
export interface GatewayEvent {
  id: string;
  gateway: GatewayName;
  type: 'payment.succeeded' | 'payment.failed';
  paymentId: string;
  /** Our transaction id, where the gateway carries it (Stripe metadata): finds a payment whose id was never recorded. */
  transactionId?: string | undefined;
  failureCode?: PaymentFailureCode;
}

/**
 * One interface for every way of paying: the checkout service charges through it and
 * never knows which gateway is behind it. Each payment method's unit brings its gateway
 * (lib/server/payments/methods/); a new method adds its PaymentInput kinds and gateway.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** The payment inputs it charges: the checkout service hands each submit to the gateway that takes its kind. */
  readonly inputKinds: readonly PaymentInput['kind'][];
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Where a payment stands now, e.g. after the visitor has authenticated with their bank. */
  retrieve(paymentId: string, livemode: boolean): Promise<ChargeResult>;
}
