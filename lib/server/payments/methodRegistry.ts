import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { PAYMENT_METHOD_IDS, type EnabledPaymentMethod, type PaymentMethodId } from '@/lib/payments/methods';
import { amazonPayMethod } from './amazonpay/amazonPayMethod';
import { paypalMethod } from './paypal/paypalMethod';
import { cardMethod } from './stripe/cardMethod';
import type { ServerPaymentMethod } from './ServerPaymentMethod';

/**
 * Every payment method's server unit, one declaration per provider folder. The server's
 * configuration schema, gateways, payment-page policy and script inventory are all read
 * from this list, so a new provider adds its declaration here and nowhere else on the server.
 */
export const SERVER_PAYMENT_METHODS = [cardMethod, paypalMethod, amazonPayMethod] as const;

/** A method of lib/payments/methods.ts without a server unit does not compile: this names it. */
type WithoutServerUnit = Exclude<PaymentMethodId, (typeof SERVER_PAYMENT_METHODS)[number]['id']>;
const _everyMethodHasAServerUnit: [WithoutServerUnit] extends [never] ? true : WithoutServerUnit = true;

/** The server unit of a method, by its SPEC constant. */
export function serverPaymentMethod<K extends PaymentMethodId>(id: K): ServerPaymentMethod<K> {
  return SERVER_PAYMENT_METHODS.find((method) => method.id === id) as unknown as ServerPaymentMethod<K>;
}

/**
 * Whether the server takes a method's payments at all: it is offered (PAYMENT_METHODS) and
 * has its keys, or the sandbox was asked for (PAYMENTS_SANDBOX=1).
 */
export function methodEnabled(method: ServerPaymentMethod, env: ServerEnv): boolean {
  return (env.PAYMENT_METHODS as readonly string[]).includes(method.id) && (method.configured(env) || env.PAYMENTS_SANDBOX);
}

/** The server units of the methods the server takes payments with, in the order of the list given. */
export function enabledServerMethods(
  env: ServerEnv,
  methods: readonly ServerPaymentMethod[] = SERVER_PAYMENT_METHODS,
): ServerPaymentMethod[] {
  return methods.filter((method) => methodEnabled(method, env));
}

function enabledMethod(id: PaymentMethodId, env: ServerEnv, livemode: boolean): EnabledPaymentMethod | null {
  const method: ServerPaymentMethod = serverPaymentMethod(id);
  if (!methodEnabled(method, env)) return null;
  // The sandbox takes no real money: a live-mode visitor is never offered it.
  if (!method.configured(env) && livemode) return null;
  return { id, config: method.browserConfig(env, livemode) } as EnabledPaymentMethod;
}

/** The methods the payment step offers in a mode, in the list's order. */
export function enabledPaymentMethods(env: ServerEnv, livemode: boolean): EnabledPaymentMethod[] {
  return PAYMENT_METHOD_IDS.map((id) => enabledMethod(id, env, livemode)).filter(
    (method): method is EnabledPaymentMethod => method !== null,
  );
}
