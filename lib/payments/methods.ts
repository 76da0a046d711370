import { amazonPayDeclaration } from './amazonpay/amazonPayDeclaration';
import { paypalDeclaration } from './paypal/paypalDeclaration';
import { cardDeclaration } from './stripe/cardDeclaration';
import { RENEWED_BY_US, type RenewalDeclaration } from './renewalDeclaration';

/**
 * The payment methods the payment step can offer, in its order: one declaration per
 * provider (lib/payments/<provider>/). Each is a unit: a server adapter behind the gateway
 * interface (lib/server/payments/<provider>/), a browser view and its actions
 * (components/payment-methods/<provider>/). The step renders whichever the configuration enables.
 */
export const PAYMENT_METHODS = [cardDeclaration, paypalDeclaration, amazonPayDeclaration] as const;

type Declared = (typeof PAYMENT_METHODS)[number];

/** The ids of a list of declarations, as a tuple (z.enum takes it). */
type IdsOf<T extends readonly { id: string }[]> = { readonly [I in keyof T]: T[I] extends { id: infer Id } ? Id : never };

/** The methods' SPEC constants (§3: paypal, amazon-pay; the card is "card"), in the list's order. */
export const PAYMENT_METHOD_IDS = PAYMENT_METHODS.map((method) => method.id) as unknown as IdsOf<typeof PAYMENT_METHODS>;

export type PaymentMethodId = Declared['id'];
/** The wallets: the visitor approves the payment at the provider rather than typing card data. */
export type WalletId = Extract<Declared, { wallet: true }>['id'];

/** What each method's browser view needs to take a payment in the visitor's mode. Nothing secret. */
export type PaymentMethodConfigs = { [D in Declared as D['id']]: NonNullable<D['config']> };

export type EnabledPaymentMethod = { [K in PaymentMethodId]: { id: K; config: PaymentMethodConfigs[K] } }[PaymentMethodId];

/** How each method is named to the visitor (and on the invoice). */
export const PAYMENT_METHOD_LABELS = Object.fromEntries(PAYMENT_METHODS.map((method) => [method.id, method.label])) as Record<
  PaymentMethodId,
  string
>;

const WALLET_IDS: readonly string[] = PAYMENT_METHODS.filter((method) => method.wallet).map((method) => method.id);

export const isWallet = (id: PaymentMethodId): id is WalletId => WALLET_IDS.includes(id);

/** The wallets' SPEC constants, in the list's order: a wallet's submit is `{ kind: id }`. */
export const WALLET_METHOD_IDS = PAYMENT_METHOD_IDS.filter(isWallet);

/** How a method's subscriptions renew, by its id; a method that declares nothing renews as a card does. */
export const renewalOf = (id: string): RenewalDeclaration => PAYMENT_METHODS.find((method) => method.id === id)?.renewal ?? RENEWED_BY_US;
