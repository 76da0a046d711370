import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from './ownServer';
import { sandboxSubmitBody } from './support';

/**
 * A second server, configured as an https site (PUBLIC_ORIGIN https, as behind a TLS proxy)
 * on its own port and database: what only such a site sends, HSTS, the Reporting API
 * endpoint and the __Host- receipt, seen on the wire.
 */
const DB = 'data/e2e-https.db';
// One worker, one server and one database for the file's tests.
test.describe.configure({ mode: 'serial' });
const ORIGIN = 'https://subscribe.example.test';
let server: OwnServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(DB, { PUBLIC_ORIGIN: ORIGIN });
  base = server.base;
});

test.afterAll(() => server?.stop());

test('an https site sends HSTS on every answer, and the Reporting API endpoint with its pages', async ({ request }) => {
  const page = await request.get(`${base}/vogue/demo-single?livemode=false`);
  const hsts = 'max-age=63072000; includeSubDomains';
  expect(page.headers()['strict-transport-security']).toBe(hsts);
  expect((await request.get(`${base}/api/ping`)).headers()['strict-transport-security']).toBe(hsts);
  expect((await request.get(`${base}/vogue/demo-single?${'x=1&'.repeat(200)}`)).headers()['strict-transport-security']).toBe(hsts);
  expect(page.headers()['content-security-policy']).toContain('report-to csp');
  expect(page.headers()['reporting-endpoints']).toBe(`csp="${ORIGIN}/api/csp-reports"`);
});

test('an https site keeps the receipt as a __Host- cookie, Secure, and reads it only under that name', async ({ request }) => {
  const submit = await request.post(`${base}/api/checkout/submit`, { data: sandboxSubmitBody('host-prefix@example.com') });
  expect(submit.status()).toBe(200);
  const cookie = submit.headers()['set-cookie']!;
  expect(cookie).toMatch(/^__Host-pj_receipt=txn_[a-f0-9]{24}\./);
  expect(cookie).toContain('Secure');
  expect(cookie).toContain('Path=/');
  expect(cookie).not.toMatch(/Domain=/i);
});

test('an https site keeps the sign-in nonce and the session under __Host- names; signing out clears both names', async ({ request }) => {
  const asked = await request.post(`${base}/api/identity/links`, {
    data: { email: `host-prefix.${Date.now()}@example.com`, returnPath: '/account' },
  });
  expect(asked.status()).toBe(202);
  const nonce = asked.headers()['set-cookie']!;
  expect(nonce).toMatch(/^__Host-CN_sign_in_nonce=[A-Za-z0-9_-]{43};/);
  for (const flag of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']) expect(nonce).toContain(flag);
  expect(nonce).not.toMatch(/Domain=/i);

  const out = await request.post(`${base}/api/identity/sign-out`);
  expect(out.status()).toBe(200);
  const cleared = out
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === 'set-cookie')
    .map(({ value }) => value);
  expect(cleared.map((cookie) => cookie.split('=')[0])).toEqual(['__Host-CN_token_access', 'CN_token_access', 'CN_token_access_expires']);
  for (const cookie of cleared) expect(cookie).toContain('Secure');
});
