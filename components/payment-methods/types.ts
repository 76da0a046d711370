import type { RefObject } from 'react';
import type { Billing } from '@/lib/checkout/billing';
import type { PaymentMethodConfigs, PaymentMethodId } from '@/lib/payments/methods';
import type { PaymentAttempt, PaymentInput } from '@/lib/payments/runPayment';
import type { NextAction } from '@/lib/payments/nextAction';

/**
 * What a payment method's view hands the payment step: its own checks and the two actions
 * of the payment sequence. The step runs the sequence (lib/payments/runPayment.ts); the
 * method only knows how to make what the submit sends and how to let the bank act.
 */
export interface PaymentMethodHandle {
  /** The first of the method's fields that is not right yet (errors are then shown), or null. */
  firstInvalidField(): HTMLElement | null;
  /** Makes what the submit sends for the attempt (reusing what it made for it on a retry); a readable error when it cannot. */
  prepare(billing: Billing, attempt: PaymentAttempt): Promise<{ payment: PaymentInput } | { error: string }>;
  /** Lets the bank authenticate the visitor in the page. */
  handleAction(action: NextAction): Promise<{ error?: string }>;
}

export interface PaymentMethodViewProps<K extends PaymentMethodId> {
  config: PaymentMethodConfigs[K];
  handleRef: RefObject<PaymentMethodHandle | null>;
  /** True once the visitor tried to pay: every field shows its problem. */
  showErrors: boolean;
}
