import type { ComponentType, RefObject } from 'react';
import type { Billing } from '@/lib/checkout/billing';
import type { PaymentMethodConfigs, PaymentMethodId } from '@/lib/payments/methods';
import type { PaymentAttempt, PaymentInput } from '@/lib/payments/runPayment';
import type { NextAction } from '@/lib/payments/nextAction';
import type { PaymentState } from '@/lib/payments/paymentMachine';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { Words } from '@/lib/i18n/words';

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
  /**
   * Runs the step's payment now (its checks, then the sequence), for a method whose own
   * button takes the payment (a wallet's SDK button): the state it ends in, or null when
   * the form is not ready (the step then shows what to fix) or a payment is under way.
   */
  pay(): Promise<PaymentState> | null;
  /** What is paid for, as far as a method must know it before the payment starts. */
  order: { currencyCode: CurrencyCode; renews: boolean };
  /** The step's submit label ("Subscribe for $20.00", "Start free trial"), for a method's own button. */
  payLabel: string;
}

/** A payment method's browser unit, declared in its provider's folder: its view, and what the step's own submit button says with it. */
export interface PaymentMethodView<K extends PaymentMethodId> {
  id: K;
  View: ComponentType<PaymentMethodViewProps<K>>;
  /**
   * The step's submit button's label with this method, from the step's ("Subscribe for
   * $20.00"), in the page's words; null when the method brings its own button (a wallet's SDK button) instead.
   */
  submitLabel(config: PaymentMethodConfigs[K], label: string, words: Words): string | null;
  /**
   * Fetches the code of the provider's own button (its SDK panel) for a config that uses it,
   * once the payment step renders, so that choosing the method shows it at once; null when
   * there is nothing to fetch (the sandbox needs none).
   */
  preload?(config: PaymentMethodConfigs[K]): Promise<unknown> | null;
}
