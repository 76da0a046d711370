import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/server/config/serverEnv';
import { claimedLivemode, sandboxCardsTaken } from './sandboxCards';

const SANDBOX = { PAYMENTS_SANDBOX: '1' };
const TEST_KEYS = { STRIPE_SECRET_KEY_TEST: 'sk_test_123', STRIPE_PUBLISHABLE_KEY_TEST: 'pk_test_123' };
const LIVE_KEYS = { STRIPE_SECRET_KEY_LIVE: 'sk_live_456', STRIPE_PUBLISHABLE_KEY_LIVE: 'pk_live_456' };

describe('sandboxCardsTaken', () => {
  it.each<[string, Record<string, string>, boolean, boolean]>([
    ['the sandbox asked for, no Stripe key, test mode', SANDBOX, false, true],
    ['the sandbox asked for, no Stripe key, live mode', SANDBOX, true, false],
    ['no sandbox, no key', { PAYMENTS_SANDBOX: '0' }, false, false],
    ['the sandbox asked for but Stripe test keys set (cards go to Stripe)', { ...SANDBOX, ...TEST_KEYS }, false, false],
    ['the sandbox asked for but only Stripe live keys set, test mode', { ...SANDBOX, ...LIVE_KEYS }, false, false],
    ['a live Stripe-only server, live mode', { PAYMENTS_SANDBOX: '0', ...LIVE_KEYS }, true, false],
    ['the sandbox asked for, the card not offered', { ...SANDBOX, PAYMENT_METHODS: 'paypal' }, false, false],
  ])('%s: %s', (_name, env, livemode, taken) => {
    expect(sandboxCardsTaken(parseServerEnv(env), livemode)).toBe(taken);
  });
});

describe('claimedLivemode', () => {
  it('reads only an explicit false as test mode', () => {
    expect(claimedLivemode({ livemode: false })).toBe(false);
    for (const body of [{ livemode: true }, { livemode: 'false' }, {}, null, 'x', [false]]) expect(claimedLivemode(body)).toBe(true);
  });
});
