import { createHash } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parseServerEnv } from '@/lib/server/config/serverEnv';
import { scriptInventory, scriptsOutsideInventory, type ObservedScript } from '@/lib/server/security/scriptInventory';
import { SandboxBankPage } from './pages/CheckoutPage';
import { toCheckout } from './pages/journey';
import { SandboxWalletPage, WalletChoice } from './pages/WalletPage';
import { signedInOperator } from './pages/backOffice';

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

test('every personal page has its own nonce policy, and each script tag of the page carries it', async ({ request }) => {
  const first = await request.get('/vogue/demo-single?livemode=false');
  const second = await request.get('/vogue/demo-single?livemode=false');
  const policy = first.headers()['content-security-policy']!;
  for (const directive of [
    "'strict-dynamic'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    'report-uri /api/csp-reports',
  ])
    expect(policy).toContain(directive);
  const nonce = nonceOf(policy)!;
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonce);
  const tags = (await first.text()).match(/<script\b[^>]*>/g)!;
  expect(tags.length).toBeGreaterThan(1);
  for (const tag of tags.filter((tag) => !tag.includes('application/json'))) expect(tag).toContain(`nonce="${nonce}"`);
  // Other answers keep the plain no-framing policy.
  expect((await request.get('/api/ping')).headers()['content-security-policy']).toBe("frame-ancestors 'none'");
});

test("a shared offer page carries no nonce: our files run by origin, and Next's inline bootstrap by the hash its policy names", async ({
  request,
}) => {
  const first = await request.get('/vogue/demo-single?source=shared-policy');
  const second = await request.get('/vogue/demo-single?source=shared-policy');
  expect(first.headers()['cache-control']).toMatch(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/);
  const policy = first.headers()['content-security-policy']!;
  // The same policy and bytes for everyone: nothing of the request in them.
  expect(second.headers()['content-security-policy']).toBe(policy);
  expect(await second.text()).toBe(await first.text());
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", 'report-uri /api/csp-reports'])
    expect(policy).toContain(directive);
  expect(policy).not.toMatch(/nonce|strict-dynamic/);
  const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!.split(' ');
  const html = await first.text();
  expect(html).not.toContain('nonce');
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !/\bsrc=|application\/json/.test(attributes!),
  );
  expect(inline.length).toBeGreaterThan(0);
  const hashes = inline.map(([, , body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
  expect(scriptSrc).toEqual([...hashes, "'self'"]);
});

test('a script injected into a shared offer page does not run, and the page itself runs without a violation', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text());
  });
  await page.goto('/vogue/demo-single?source=shared-clean');
  await page.getByRole('article', { name: 'Vogue Digital', exact: true }).getByRole('button').click();
  await page.waitForURL(/\/cart\?/);
  expect(blocked).toEqual([]);

  await page.route('**/demo-single?source=shared-injected', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '</head>',
      '<script>window.__skimmer = true</script><script src="https://skimmer.example/s.js"></script></head>',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/vogue/demo-single?source=shared-injected');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { __skimmer?: boolean }).__skimmer)).toBeUndefined();
  expect(blocked.length).toBeGreaterThanOrEqual(2);
});

test('a script injected into the payment page does not run, and the funnel report shows what was blocked', async ({
  page,
  request,
  browser,
}) => {
  // Stands for a compromised page (an XSS, a tampered proxy): markup with scripts the server never sent.
  await page.route('**/demo-single/credit-card?*', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '</head>',
      '<script>window.__skimmer = true</script><script src="https://skimmer.example/s.js"></script></head>',
    );
    await route.fulfill({ response, body: html });
  });
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text());
  });
  await page.goto('/vogue/demo-single/credit-card?livemode=false');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { __skimmer?: boolean }).__skimmer)).toBeUndefined();
  expect(blocked.length).toBeGreaterThanOrEqual(2);
  // A marketer, signed in in a browser of their own, reads the report.
  const marketer = await (await browser.newContext()).newPage();
  await signedInOperator(marketer, request, 'marketer');
  const report = async () => (await marketer.request.get('/admin/funnel')).text();
  await expect.poll(report, { timeout: 15_000 }).toContain('https://skimmer.example');
  expect(await report()).toContain('/vogue/demo-single/credit-card');
  await marketer.context().close();
});

/** Every script a page runs: files with the hash of their bytes, and inline ones with whether they carry the page's nonce. */
function watchScripts(page: Page) {
  const files: ObservedScript[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    files.push({ url: response.url(), sha384: body ? `sha384-${createHash('sha384').update(body).digest('base64')}` : undefined });
  });
  const inlineWithoutNonce = async () =>
    page.evaluate(() =>
      [...document.scripts]
        .filter((script) => !script.src && script.type !== 'application/json' && !script.nonce)
        .map((script) => script.outerHTML.slice(0, 80)),
    );
  return { files, inlineWithoutNonce };
}

test('the payment pages run only the scripts of the inventory (npm run inventory)', async ({ page }) => {
  // The inventory of this server as the tests configure it: the sandbox, no provider keys.
  const inventory = scriptInventory(parseServerEnv({ PAYMENTS_SANDBOX: '1' }), path.join(process.cwd(), '.next'));
  expect(inventory.own.length).toBeGreaterThan(10);
  const seen = watchScripts(page);

  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await WalletChoice.choose(page, 'Amazon Pay');
  const paypal = await WalletChoice.choose(page, 'PayPal');
  await checkout.fillBilling();
  await paypal.submit();
  await SandboxWalletPage.expectOpen(page, 'PayPal');
  expect(await seen.inlineWithoutNonce()).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/credit-card/);
  await page.getByRole('radio', { name: 'Card' }).check();
  await checkout.fillBilling();
  await checkout.fillCard('4000 0000 0000 3220');
  await checkout.submit();
  await SandboxBankPage.expectOpen(page);
  expect(await seen.inlineWithoutNonce()).toEqual([]);

  const origin = new URL(page.url()).origin;
  expect(seen.files.length).toBeGreaterThan(5);
  expect(scriptsOutsideInventory(inventory, origin, seen.files)).toEqual([]);
});
