import type { ServerEnv } from '@/lib/config/serverEnv';
import { PAYMENT_METHOD_IDS, type EnabledPaymentMethod, type PaymentMethodId } from '@/lib/payments/methods';
import { amazonPayMethod } from '@/lib/server/payments/amazonpay/amazonPayMethod';
import { cardMethod } from '@/lib/server/payments/stripe/cardMethod';
import { paypalMethod } from '@/lib/server/payments/paypal/paypalMethod';
import type { ServerPaymentMethod } from './ServerPaymentMethod';

/** Every payment method's server unit, keyed by its SPEC constant: a listed method without one does not compile. */
export const SERVER_PAYMENT_METHODS: { [K in PaymentMethodId]: ServerPaymentMethod<K> } = {
  card: cardMethod,
  paypal: paypalMethod,
  'amazon-pay': amazonPayMethod,
};

/**
 * Whether the server takes a method's payments at all: it is offered (PAYMENT_METHODS) and
 * has its keys, or the sandbox was asked for (PAYMENTS_SANDBOX=1).
 */
export function methodEnabled(id: PaymentMethodId, env: ServerEnv): boolean {
  return env.PAYMENT_METHODS.includes(id) && (SERVER_PAYMENT_METHODS[id].configured(env) || env.PAYMENTS_SANDBOX);
}

function enabledMethod<K extends PaymentMethodId>(id: K, env: ServerEnv, livemode: boolean): EnabledPaymentMethod | null {
  const method = SERVER_PAYMENT_METHODS[id];
  if (!methodEnabled(id, env)) return null;
  // The sandbox takes no real money: a live-mode visitor is never offered it.
  if (!method.configured(env) && livemode) return null;
  return { id, config: method.browserConfig(env, livemode) } as EnabledPaymentMethod;
}

/** The methods the payment step offers in a mode, in the list's order. */
export function enabledPaymentMethods(env: ServerEnv, livemode: boolean): EnabledPaymentMethod[] {
  return PAYMENT_METHOD_IDS.map((id) => enabledMethod(id, env, livemode)).filter((method): method is EnabledPaymentMethod => method !== null);
}
