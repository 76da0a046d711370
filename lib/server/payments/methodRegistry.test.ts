import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../../config/serverEnv';
import { PAYMENT_METHOD_IDS, type EnabledPaymentMethod } from '../../payments/methods';
import { enabledPaymentMethods, SERVER_PAYMENT_METHODS } from './methodRegistry';

const TEST_KEYS = { STRIPE_SECRET_KEY_TEST: 'sk_test_123', STRIPE_PUBLISHABLE_KEY_TEST: 'pk_test_123' };
const LIVE_KEYS = { STRIPE_SECRET_KEY_LIVE: 'sk_live_456', STRIPE_PUBLISHABLE_KEY_LIVE: 'pk_live_456' };

describe('enabledPaymentMethods', () => {
  it.each<[string, Record<string, string>, boolean, EnabledPaymentMethod[]]>([
    ['no keys, test mode: the sandbox', {}, false, [{ id: 'card', config: { gateway: 'sandbox' } }]],
    ['no keys, live mode: the sandbox', {}, true, [{ id: 'card', config: { gateway: 'sandbox' } }]],
    ['test keys, test mode: Stripe with the test key', TEST_KEYS, false, [{ id: 'card', config: { gateway: 'stripe', publishableKey: 'pk_test_123' } }]],
    ['live keys, live mode: Stripe with the live key', LIVE_KEYS, true, [{ id: 'card', config: { gateway: 'stripe', publishableKey: 'pk_live_456' } }]],
    ['both, test mode: the test key', { ...TEST_KEYS, ...LIVE_KEYS }, false, [{ id: 'card', config: { gateway: 'stripe', publishableKey: 'pk_test_123' } }]],
    ['both, live mode: the live key', { ...TEST_KEYS, ...LIVE_KEYS }, true, [{ id: 'card', config: { gateway: 'stripe', publishableKey: 'pk_live_456' } }]],
    // A mode without keys still shows Stripe's form (never the sandbox beside real Stripe); the server then refuses the payment.
    ['test keys only, live mode: Stripe without a key', TEST_KEYS, true, [{ id: 'card', config: { gateway: 'stripe', publishableKey: '' } }]],
    ['live keys only, test mode: Stripe without a key', LIVE_KEYS, false, [{ id: 'card', config: { gateway: 'stripe', publishableKey: '' } }]],
  ])('card: %s', (_label, env, livemode, expected) => {
    expect(enabledPaymentMethods(parseServerEnv(env), livemode).filter((method) => method.id === 'card')).toEqual(expected);
  });

  it('offers the sandbox wallets without their keys', () => {
    expect(enabledPaymentMethods(parseServerEnv({}), false).filter((method) => method.id !== 'card')).toEqual([
      { id: 'paypal', config: { gateway: 'sandbox' } },
      { id: 'amazon-pay', config: { gateway: 'sandbox' } },
    ]);
  });

  it('never hands a secret key to the browser', () => {
    const methods = enabledPaymentMethods(parseServerEnv({ ...TEST_KEYS, ...LIVE_KEYS }), true);
    expect(JSON.stringify(methods)).not.toMatch(/sk_(live|test)_/);
  });

  it('offers the methods in the order of the list', () => {
    expect(enabledPaymentMethods(parseServerEnv({}), false).map((method) => method.id)).toEqual([...PAYMENT_METHOD_IDS]);
  });
});

describe('SERVER_PAYMENT_METHODS', () => {
  it('has a server unit for every payment method, under its own id', () => {
    for (const id of PAYMENT_METHOD_IDS) expect(SERVER_PAYMENT_METHODS[id].id).toBe(id);
  });
});
