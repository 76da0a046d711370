import type { ServerEnv } from '../../config/serverEnv';
import { PAYMENT_METHOD_IDS, type EnabledPaymentMethod, type PaymentMethodId } from '../../payments/methods';
import { amazonPayMethod } from './methods/amazonPayMethod';
import { cardMethod } from './methods/cardMethod';
import { paypalMethod } from './methods/paypalMethod';
import type { ServerPaymentMethod } from './methods/PaymentMethodUnit';

/** Every payment method's server unit, keyed by its SPEC constant: a listed method without one does not compile. */
export const SERVER_PAYMENT_METHODS: { [K in PaymentMethodId]: ServerPaymentMethod<K> } = {
  card: cardMethod,
  paypal: paypalMethod,
  'amazon-pay': amazonPayMethod,
};

function enabledMethod<K extends PaymentMethodId>(id: K, env: ServerEnv, livemode: boolean): EnabledPaymentMethod | null {
  const method = SERVER_PAYMENT_METHODS[id];
  return method.enabled(env) ? ({ id, config: method.browserConfig(env, livemode) } as EnabledPaymentMethod) : null;
}

/** The methods the payment step offers in a mode, in the list's order. */
export function enabledPaymentMethods(env: ServerEnv, livemode: boolean): EnabledPaymentMethod[] {
  return PAYMENT_METHOD_IDS.map((id) => enabledMethod(id, env, livemode)).filter((method): method is EnabledPaymentMethod => method !== null);
}
