import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { freePort, startOwnServer, type OwnServer } from './ownServer';

/**
 * Error reports from a real browser (SPEC §1, §7, §8, §9): a server of its own whose
 * SENTRY_DSN points at a local stand-in for Sentry, which keeps every envelope it is sent.
 * The build is the suite's: the browser learns the DSN from the page, at run time.
 */
const DB = 'data/e2e-sentry.db';
test.describe.configure({ mode: 'serial' });
let app: OwnServer;
let sink: http.Server;
let base: string;
const envelopes: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const sinkPort = await freePort();
  sink = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (/\/envelope\//.test(req.url ?? ''))
        envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(sinkPort, '127.0.0.1', resolve));

  app = await startOwnServer(DB, { SENTRY_DSN: `http://e2epublickey@127.0.0.1:${sinkPort}/1` });
  base = app.base;
});

test.afterAll(() => {
  app?.stop();
  sink?.close();
});

const CARD = '4242 4242 4242 4242';
const EMAIL = 'ada.reader@example.com';

test('an error on a page reaches the error reports, with no card number or e-mail address in it', async ({ page }) => {
  await page.goto(`${base}/vogue/demo-single?livemode=false`);
  await expect(page.locator('meta[name="error-reports"]')).toHaveCount(1);
  // The SDK loads after the page: wait until it has installed its handlers.
  await expect.poll(() => page.evaluate(() => Boolean((window as { __SENTRY__?: unknown }).__SENTRY__))).toBe(true);
  await page.evaluate(
    ({ card, email }) => {
      console.error(`Payment failed for ${email} with card ${card}`);
    },
    { card: CARD, email: EMAIL },
  );
  await expect.poll(() => envelopes.find((body) => body.includes('Payment failed for')), { timeout: 20_000 }).toBeTruthy();
  const report = envelopes.find((body) => body.includes('Payment failed for'))!;
  expect(report).toContain('[Filtered]');
  for (const secret of [CARD, CARD.replace(/ /g, ''), EMAIL]) expect(report).not.toContain(secret);
  expect(report).toContain('"environment":"development"');
});

test('an uncaught error thrown on a page reaches the error reports, scrubbed', async ({ page }) => {
  await page.goto(`${base}/vogue/demo-single/cart?livemode=false`);
  await expect.poll(() => page.evaluate(() => Boolean((window as { __SENTRY__?: unknown }).__SENTRY__))).toBe(true);
  await page.evaluate(
    ({ card, email }) => {
      setTimeout(() => {
        throw new Error(`Checkout broke for ${email} on ${card}`);
      }, 0);
    },
    { card: CARD, email: EMAIL },
  );
  await expect.poll(() => envelopes.find((body) => body.includes('Checkout broke for')), { timeout: 20_000 }).toBeTruthy();
  const report = envelopes.find((body) => body.includes('Checkout broke for'))!;
  expect(report).toContain('"type":"Error"');
  for (const secret of [CARD, CARD.replace(/ /g, ''), EMAIL]) expect(report).not.toContain(secret);
});

test('without a DSN a page carries no error-reports configuration and loads no SDK', async ({ page, request }) => {
  const html = await (await request.get('/vogue/demo-single?livemode=false')).text();
  expect(html).not.toContain('name="error-reports"');
  await page.goto('/vogue/demo-single?livemode=false');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => Boolean((window as { __SENTRY__?: unknown }).__SENTRY__))).toBe(false);
});
