import type { RenewalDeclaration } from './renewalDeclaration';

/**
 * A payment method as both sides know it, declared once in its provider's lib/payments folder:
 * its SPEC constant, how the visitor sees it named, whether it is a wallet, and (as a type
 * only) what its browser view is given. The server's unit (lib/server/payments/<provider>/)
 * and the browser's view (components/payment-methods/<provider>/) are keyed by its id.
 */
export interface PaymentMethodDeclaration<Id extends string = string, Config = unknown, Wallet extends boolean = boolean> {
  id: Id;
  /** How the method is named to the visitor (and on the invoice). */
  label: string;
  /** A wallet: the visitor approves the payment at the provider; its submit brings nothing but `{ kind: id }`. */
  wallet: Wallet;
  /** How its subscriptions renew (lib/payments/<provider>/…Renewal.ts). */
  renewal: RenewalDeclaration;
  /** Never set: carries the type of what the method's browser view is given in the visitor's mode (nothing secret). */
  readonly config?: Config;
}

/** Declares a method whose browser view is given a `Config`: `declarePaymentMethod<Config>()({ id, label, wallet, renewal })`. */
export const declarePaymentMethod =
  <Config>() =>
  <const Id extends string, const Wallet extends boolean>(declaration: {
    id: Id;
    label: string;
    wallet: Wallet;
    renewal: RenewalDeclaration;
  }): PaymentMethodDeclaration<Id, Config, Wallet> =>
    declaration;
