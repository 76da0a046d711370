import fs from 'node:fs';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { DEPLOY_CONF, nginxPrefix, nginxTest, startNginxFront, type NginxFront } from '@/scripts/nginxFront';
import { freePort } from './ownServer';
import { OfferPage } from './pages/OfferPage';

/**
 * deploy/nginx.conf in front of the suite's server, as docs/deployment-and-postgresql.md
 * runs it: only its port and upstream changed (scripts/nginxFront.ts). Each test asks for
 * URLs of its own (a source), so that what one caches never answers another.
 */

const SHARED = 'public, s-maxage=40, stale-while-revalidate=15';
const PERSONAL = 'private, no-store';

test('nginx -t accepts deploy/nginx.conf as shipped, from a prefix directory of its own', () => {
  const dir = nginxPrefix(fs.readFileSync(DEPLOY_CONF, 'utf8'));
  const verdict = nginxTest(dir);
  expect(verdict.output).toContain('test is successful');
  expect(verdict.ok).toBe(true);
  expect(fs.readdirSync(dir)).toEqual(expect.arrayContaining(['cache', 'proxy_temp', 'client_body_temp']));
  fs.rmSync(dir, { recursive: true, force: true });
});

test.describe('the offer page through nginx', () => {
  let front: NginxFront;

  test.beforeAll(async ({ baseURL }) => {
    front = await startNginxFront(await freePort(), [new URL(baseURL!).host]);
  });

  test.afterAll(async () => {
    await front?.stop();
  });

  const get = (url: string, cookie?: string) => fetch(`${front.base}${url}`, { headers: cookie ? { cookie } : {} });
  const answer = async (url: string, cookie?: string) => {
    const response = await get(url, cookie);
    return {
      status: response.status,
      cache: response.headers.get('x-cache-status'),
      cacheControl: response.headers.get('cache-control'),
      body: await response.text(),
    };
  };

  test('the second anonymous request is a cache hit, byte for byte the first, with no nonce in it', async () => {
    const url = '/vogue/demo-single?source=nginx-hit';
    const first = await answer(url);
    expect(first).toMatchObject({ status: 200, cache: 'MISS', cacheControl: SHARED });
    const second = await answer(url);
    expect(second).toMatchObject({ status: 200, cache: 'HIT', cacheControl: SHARED });
    expect(second.body).toBe(first.body);
    expect(second.body).not.toContain('nonce');
    // Other sites' cookies change nothing: the same copy.
    expect(await answer(url, '_ga=GA1.2.3; OptanonAlertBoxClosed=yes')).toMatchObject({ cache: 'HIT', body: first.body });
    // HEAD is answered from the same copy.
    expect((await fetch(`${front.base}${url}`, { method: 'HEAD' })).headers.get('x-cache-status')).toBe('HIT');
  });

  test.describe('a personal request is never answered from the cache, nor stored', () => {
    for (const [what, cookie, url] of [
      ['the mt_livemode cookie', 'mt_livemode=false', '/vogue/demo-single?source=nginx-livemode'],
      ['a session cookie', '_ga=1; CN_token_access=token', '/vogue/demo-single?source=nginx-session'],
      ["an https site's session cookie", '_ga=1; __Host-CN_token_access=token', '/vogue/demo-single?source=nginx-host-session'],
      ['a consent cookie', 'pj_consent=C0001%2CC0002', '/vogue/demo-single?source=nginx-consent'],
      ['test mode in the query', undefined, '/vogue/demo-single?source=nginx-test-mode&livemode=false'],
    ] as const) {
      test(what, async () => {
        // Cached first for anonymous visitors where it can be, so that a wrong lookup would find it.
        await answer(url);
        for (let i = 0; i < 2; i += 1) {
          const personal = await answer(url, cookie);
          expect(personal).toMatchObject({ status: 200, cache: 'BYPASS', cacheControl: PERSONAL });
          expect(personal.body).toContain('nonce=');
        }
      });
    }

    test('the mt_livemode cookie gets the test-mode page, and the anonymous copy stays the live one', async () => {
      const url = '/vogue/demo-single?source=nginx-modes';
      const live = await answer(url);
      const test = await answer(url, 'mt_livemode=false');
      expect(test.body).toContain('test-mode-banner');
      expect(live.body).not.toContain('test-mode-banner');
      expect(await answer(url)).toMatchObject({ cache: 'HIT', body: live.body });
    });

    test("a preview link's page, even one whose link has expired", async () => {
      const url = `/vogue/demo-single?source=nginx-preview&preview=${'x'.repeat(43)}`;
      for (let i = 0; i < 2; i += 1) {
        const preview = await answer(url);
        expect(preview).toMatchObject({ status: 410, cache: 'BYPASS', cacheControl: PERSONAL });
        expect(preview.body).toContain('This preview link has expired');
      }
    });

    test('the other steps', async () => {
      for (const step of ['cart', 'credit-card', 'success']) {
        const personal = await answer(`/vogue/demo-single/${step}?source=nginx-steps`);
        expect(personal.cacheControl, step).toBe(PERSONAL);
        expect(personal.cache, step).toBe('BYPASS');
      }
    });
  });

  test('a visitor opens the cached offer page in a browser and goes on to the cart through nginx', async ({ page }) => {
    const url = `${front.base}/vogue/demo-single?source=nginx-browser`;
    await answer('/vogue/demo-single?source=nginx-browser');
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });
    const offers = await OfferPage.open(page, url);
    expect(await page.evaluate(() => document.querySelectorAll('script[nonce]').length)).toBe(0);
    await offers.choose('Vogue Digital');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(blocked).toEqual([]);
  });
});

test.describe('a page its origin stops sharing, as an ended campaign does', () => {
  let origin: http.Server;
  let front: NginxFront;
  let ended = false;

  test.beforeAll(async () => {
    // A stand-in for the app: the offer page kept 1 s and 1 s stale, then the 404 that nobody
    // may keep (the not-found page of a campaign that ended or left the catalogue).
    origin = http.createServer((_, res) => {
      if (ended) {
        res.writeHead(404, { 'Cache-Control': PERSONAL }).end('ended');
      } else {
        res.writeHead(200, { 'Cache-Control': 'public, s-maxage=1, stale-while-revalidate=1' }).end(`offer ${Date.now()}`);
      }
    });
    const port = await freePort();
    await new Promise<void>((resolve) => origin.listen(port, '127.0.0.1', resolve));
    front = await startNginxFront(await freePort(), [`127.0.0.1:${port}`]);
  });

  test.afterAll(async () => {
    await front?.stop();
    origin?.close();
  });

  test('is answered stale only within its stale-while-revalidate, then never again', async () => {
    const get = async () => {
      const response = await fetch(`${front.base}/vogue/demo-ending`);
      return { status: response.status, body: await response.text() };
    };
    const first = await get();
    expect(first.status).toBe(200);
    expect(await get()).toEqual(first);
    ended = true;
    // Within the copy's two seconds it may still be answered; after them, only the 404.
    await expect.poll(async () => (await get()).status, { timeout: 20_000, intervals: [250] }).toBe(404);
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await get()).toEqual({ status: 404, body: 'ended' });
    }
  });
});
