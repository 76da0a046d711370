import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/server/config/serverEnv';
import { PAYMENT_METHOD_IDS, type EnabledPaymentMethod } from '@/lib/payments/methods';
import { enabledPaymentMethods, serverPaymentMethod } from './methodRegistry';
import { testDb } from '@/tests/fixtures/testDb';
import { generateKeyPairSync } from 'node:crypto';

const PAYPAL_TEST_KEYS = { PAYPAL_CLIENT_ID_TEST: 'AbCdEfGhIjKlMnOpTest', PAYPAL_CLIENT_SECRET_TEST: 'paypal-secret-test-1234' };
const AMAZON_TEST_KEYS = {
  AMAZON_PAY_MERCHANT_ID_TEST: 'A2MERCHANT0001',
  AMAZON_PAY_STORE_ID_TEST: `amzn1.application-oa2-client.${'c'.repeat(32)}`,
  AMAZON_PAY_PUBLIC_KEY_ID_TEST: 'AHKEY00000000000TEST',
  AMAZON_PAY_PRIVATE_KEY_TEST: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
};

const SANDBOX = { PAYMENTS_SANDBOX: '1' };
const TEST_KEYS = { STRIPE_SECRET_KEY_TEST: 'sk_test_123', STRIPE_PUBLISHABLE_KEY_TEST: 'pk_test_123' };
const LIVE_KEYS = { STRIPE_SECRET_KEY_LIVE: 'sk_live_456', STRIPE_PUBLISHABLE_KEY_LIVE: 'pk_live_456' };

describe('enabledPaymentMethods', () => {
  it.each<[string, Record<string, string>, boolean, EnabledPaymentMethod[]]>([
    ['no keys, test mode, the sandbox asked for: the sandbox', SANDBOX, false, [{ id: 'card', config: { gateway: 'sandbox' } }]],
    // The sandbox takes no real money: never offered in live mode, nor when it was not asked for.
    ['no keys, live mode, the sandbox asked for: nothing', SANDBOX, true, []],
    ['no keys, no sandbox: nothing', {}, false, []],
    [
      'test keys, test mode: Stripe with the test key',
      TEST_KEYS,
      false,
      [{ id: 'card', config: { gateway: 'stripe', publishableKey: 'pk_test_123' } }],
    ],
    [
      'live keys, live mode: Stripe with the live key',
      LIVE_KEYS,
      true,
      [{ id: 'card', config: { gateway: 'stripe', publishableKey: 'pk_live_456' } }],
    ],
    [
      'both, test mode: the test key',
      { ...TEST_KEYS, ...LIVE_KEYS },
      false,
      [{ id: 'card', config: { gateway: 'stripe', publishableKey: 'pk_test_123' } }],
    ],
    [
      'both, live mode: the live key',
      { ...TEST_KEYS, ...LIVE_KEYS },
      true,
      [{ id: 'card', config: { gateway: 'stripe', publishableKey: 'pk_live_456' } }],
    ],
    // A mode without keys still shows Stripe's form (never the sandbox beside real Stripe); the server then refuses the payment.
    [
      'test keys only, live mode: Stripe without a key',
      TEST_KEYS,
      true,
      [{ id: 'card', config: { gateway: 'stripe', publishableKey: '' } }],
    ],
    [
      'live keys only, test mode: Stripe without a key',
      LIVE_KEYS,
      false,
      [{ id: 'card', config: { gateway: 'stripe', publishableKey: '' } }],
    ],
  ])('card: %s', (_label, env, livemode, expected) => {
    expect(enabledPaymentMethods(parseServerEnv(env), livemode).filter((method) => method.id === 'card')).toEqual(expected);
  });

  it('offers only the methods PAYMENT_METHODS lists', () => {
    expect(
      enabledPaymentMethods(parseServerEnv({ ...SANDBOX, PAYMENT_METHODS: 'paypal, card' }), false).map((method) => method.id),
    ).toEqual(['card', 'paypal']);
  });

  it('offers the sandbox wallets without their keys, in test mode, when the sandbox is asked for', () => {
    expect(enabledPaymentMethods(parseServerEnv(SANDBOX), false).filter((method) => method.id !== 'card')).toEqual([
      { id: 'paypal', config: { gateway: 'sandbox' } },
      { id: 'amazon-pay', config: { gateway: 'sandbox' } },
    ]);
  });

  const PAYPAL_TEST = { PAYPAL_CLIENT_ID_TEST: 'AbCdEfGhIjKlMnOpTest', PAYPAL_CLIENT_SECRET_TEST: 'paypal-secret-test-1234' };
  const AMAZON_LIVE = {
    AMAZON_PAY_MERCHANT_ID_LIVE: 'A2MERCHANT0001',
    AMAZON_PAY_STORE_ID_LIVE: `amzn1.application-oa2-client.${'b'.repeat(32)}`,
    AMAZON_PAY_PUBLIC_KEY_ID_LIVE: 'LIVE-AHKEY000000000001',
    AMAZON_PAY_PRIVATE_KEY_LIVE: AMAZON_TEST_KEYS.AMAZON_PAY_PRIVATE_KEY_TEST,
    AMAZON_PAY_REGION: 'eu',
  };
  const walletsOf = (env: Record<string, string>, livemode: boolean) =>
    enabledPaymentMethods(parseServerEnv(env), livemode).filter((method) => method.id !== 'card');

  it("with a mode's keys, the real wallets and the public ids of the visitor's mode", () => {
    expect(walletsOf({ ...PAYPAL_TEST, ...AMAZON_LIVE }, false)).toEqual([
      { id: 'paypal', config: { gateway: 'paypal', clientId: 'AbCdEfGhIjKlMnOpTest', environment: 'sandbox' } },
      { id: 'amazon-pay', config: { gateway: 'amazon-pay', merchantId: '', publicKeyId: '', storeId: '', sandbox: true, region: 'eu' } },
    ]);
    expect(walletsOf({ ...PAYPAL_TEST, ...AMAZON_LIVE }, true)).toEqual([
      { id: 'paypal', config: { gateway: 'paypal', clientId: '', environment: 'production' } },
      {
        id: 'amazon-pay',
        config: {
          gateway: 'amazon-pay',
          merchantId: 'A2MERCHANT0001',
          publicKeyId: 'LIVE-AHKEY000000000001',
          storeId: AMAZON_LIVE.AMAZON_PAY_STORE_ID_LIVE,
          sandbox: false,
          region: 'eu',
        },
      },
    ]);
  });

  it('never hands a wallet secret to the browser', () => {
    const methods =
      JSON.stringify(walletsOf({ ...PAYPAL_TEST, ...AMAZON_LIVE }, true)) +
      JSON.stringify(walletsOf({ ...PAYPAL_TEST, ...AMAZON_LIVE }, false));
    expect(methods).not.toMatch(/paypal-secret|PRIVATE KEY/);
  });

  it('never hands a secret key to the browser', () => {
    const methods = enabledPaymentMethods(parseServerEnv({ ...TEST_KEYS, ...LIVE_KEYS }), true);
    expect(JSON.stringify(methods)).not.toMatch(/sk_(live|test)_/);
  });

  it('offers the methods in the order of the list', () => {
    expect(enabledPaymentMethods(parseServerEnv(SANDBOX), false).map((method) => method.id)).toEqual([...PAYMENT_METHOD_IDS]);
  });
});

describe('SERVER_PAYMENT_METHODS', () => {
  it("takes each wallet's payments through its real gateway once a mode's keys are set, else through its sandbox", async () => {
    const db = await testDb();
    const deps = { db, now: () => new Date(), onEvent: async () => undefined };
    const gatewayNames = (env: Record<string, string>) =>
      (['paypal', 'amazon-pay'] as const).map((id) => serverPaymentMethod(id).createGateway(parseServerEnv(env), deps).name);
    expect(gatewayNames(SANDBOX)).toEqual(['sandbox-paypal', 'sandbox-amazon-pay']);
    expect(gatewayNames({ ...PAYPAL_TEST_KEYS, ...AMAZON_TEST_KEYS })).toEqual(['paypal', 'amazon-pay']);
    await db.destroy();
  });
});
