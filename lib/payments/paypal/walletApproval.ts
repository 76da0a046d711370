import { deferred, type Deferred } from '@/lib/payments/deferred';
import type { NextAction } from '@/lib/payments/nextAction';
import type { PaymentState } from '@/lib/payments/paymentMachine';

/** What the visitor reads when they close a wallet's window without approving. */
export const WALLET_CANCELLED =
  'You closed PayPal without approving the payment. Nothing was charged. You can try again or choose another way to pay.';
export const WALLET_FAILED = 'PayPal could not take the payment. Nothing was charged. Please try again or choose another way to pay.';
const NOT_STARTED = 'The payment did not start.';

/**
 * One PayPal approval in a popup, between the buttons' callbacks and the step's payment
 * sequence: the click starts the sequence (the popup opens at once, before any network
 * call, so browsers do not block it); the sequence's submit answers the order or
 * subscription id the buttons wait for; the popup's approve, cancel or error answers what
 * the sequence waits for. A sequence that ends before its submit answered an id (the form
 * was refused, the server said no) closes the popup.
 */
export class WalletApproval {
  private readonly id: Deferred<string> = deferred();
  private readonly outcome: Deferred<{ error?: string }> = deferred();

  constructor(run: Promise<PaymentState>) {
    void run.then(
      () => this.id.reject(new Error(NOT_STARTED)),
      () => this.id.reject(new Error(NOT_STARTED)),
    );
  }

  /** What the buttons' createOrder / createSubscription return. */
  paymentId(): Promise<string> {
    return this.id.promise;
  }

  /** The sequence's in-page action: hands the id to the buttons, then waits for the visitor. */
  handleAction(action: NextAction): Promise<{ error?: string }> {
    if (action.type !== 'paypal_approval') return Promise.resolve({ error: WALLET_FAILED });
    this.id.resolve(action.flow === 'order' ? action.orderId : action.subscriptionId);
    return this.outcome.promise;
  }

  approved(): void {
    this.outcome.resolve({});
  }

  cancelled(): void {
    this.outcome.resolve({ error: WALLET_CANCELLED });
  }

  failed(): void {
    this.id.reject(new Error(WALLET_FAILED));
    this.outcome.resolve({ error: WALLET_FAILED });
  }
}
