import type { RenewalDeclaration } from '@/lib/payments/renewalDeclaration';
import type { GatewayName, RenewalInstrument } from './PaymentGateway';

/**
 * How a payment method's subscriptions renew, as the server needs it, declared in its
 * provider's folder (lib/server/payments/<provider>/…Renewals.ts): the method's declaration
 * (lib/payments/<provider>/), the gateways that take its payments, and what a renewal is
 * charged on. lib/server/payments/renewalRegistry.ts lists them; renewalLookup.ts finds one.
 */
export interface ServerRenewalDeclaration {
  /** The payment method's id (lib/payments/methods.ts). */
  method: string;
  renewal: RenewalDeclaration;
  /** The gateways that take the method's payments: its provider's and its sandbox's. */
  gateways: readonly GatewayName[];
  /**
   * What renews a payment whose gateway did not say: where the payment itself is what a
   * renewal or a cancellation names (a sandbox payment, a PayPal subscription); null where
   * only the gateway can tell (a Stripe customer, an Amazon Pay charge permission).
   */
  instrumentFromPayment(gateway: GatewayName, paymentId: string): RenewalInstrument | null;
  /** The saved card the bank's check of a held renewal can be done with in the page (Stripe's payment method); null for none. */
  savedCardOf?(instrument: RenewalInstrument): string | null;
}
