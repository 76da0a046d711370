import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/server/config/serverEnv';
import { ownScripts, scriptInventory, scriptsOutsideInventory, sha384, thirdPartyScripts } from './scriptInventory';

describe('script inventory', () => {
  let build: string;
  beforeEach(() => {
    build = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-'));
    fs.mkdirSync(path.join(build, 'static/chunks/pages'), { recursive: true });
    fs.writeFileSync(path.join(build, 'static/chunks/main.js'), 'console.log(1)');
    fs.writeFileSync(path.join(build, 'static/chunks/pages/_app.js'), 'console.log(2)');
    fs.writeFileSync(path.join(build, 'static/chunks/styles.css'), 'body{}');
  });
  afterEach(() => fs.rmSync(build, { recursive: true, force: true }));

  it('lists our bundles by served path and SHA-384, and nothing that is not a script', () => {
    expect(ownScripts(build)).toEqual([
      { path: '/purchase-journey/_next/static/chunks/main.js', sha384: sha384(Buffer.from('console.log(1)')) },
      { path: '/purchase-journey/_next/static/chunks/pages/_app.js', sha384: sha384(Buffer.from('console.log(2)')) },
    ]);
  });

  it("lists a payment method's origins only when its keys are set and it is offered, with the reason", () => {
    expect(thirdPartyScripts(parseServerEnv({ PAYMENTS_SANDBOX: '1' }))).toEqual([]);
    const stripe = { STRIPE_SECRET_KEY_TEST: 'sk_test_1', STRIPE_PUBLISHABLE_KEY_TEST: 'pk_test_1' };
    expect(thirdPartyScripts(parseServerEnv(stripe))).toEqual([
      expect.objectContaining({ party: 'Stripe.js', origins: ['https://js.stripe.com', 'https://*.js.stripe.com'] }),
    ]);
    expect(thirdPartyScripts(parseServerEnv({ ...stripe, PAYMENT_METHODS: 'paypal', PAYMENTS_SANDBOX: '1' }))).toEqual([]);
  });

  it('finds a script of ours that changed, one that is not in the build, and another origin no party covers', () => {
    const env = parseServerEnv({ STRIPE_SECRET_KEY_TEST: 'sk_test_1', STRIPE_PUBLISHABLE_KEY_TEST: 'pk_test_1' });
    const inventory = scriptInventory(env, build);
    const site = 'http://127.0.0.1:3000';
    const main = inventory.own[0]!;
    const observed = [
      { url: `${site}${main.path}`, sha384: main.sha384 },
      { url: 'https://js.stripe.com/v3', sha384: undefined },
      { url: 'https://b.js.stripe.com/fingerprinted/x.js' },
      { url: `${site}${main.path}`, sha384: sha384(Buffer.from('tampered')) },
      { url: `${site}/purchase-journey/_next/static/chunks/injected.js`, sha384: sha384(Buffer.from('x')) },
      { url: 'https://www.googletagmanager.com/gtm.js?id=GTM-1' },
      { url: 'https://js.stripe.com.evil.example/v3' },
    ];
    expect(scriptsOutsideInventory(inventory, site, observed).map((script) => script.url)).toEqual([
      `${site}${main.path}`,
      `${site}/purchase-journey/_next/static/chunks/injected.js`,
      'https://www.googletagmanager.com/gtm.js?id=GTM-1',
      'https://js.stripe.com.evil.example/v3',
    ]);
  });
});
