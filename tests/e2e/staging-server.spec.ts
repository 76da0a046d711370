import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { startOwnServer, type OwnServer } from './ownServer';

/**
 * A server started as QA's shared staging server is (APP_ENV=staging, the sandbox on, no
 * SMTP): its mailbox holds every sign-in link it "sent", so a stranger gets none of it, and
 * an admin operator, who got in with a link printed on the shell, reads it.
 */
const DB = 'data/e2e-staging.db';
test.describe.configure({ mode: 'serial' });
let server: OwnServer;
let base: string;
const ADMIN = 'qa.lead@operators.example';

/** `npm run operator -- …` on the staging server's database: what its owner runs on its shell. */
function operatorCommand(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'scripts/operator.ts', ...args], {
    env: { ...process.env, DATABASE_URL: `file:${DB}`, APP_ENV: 'staging' },
    encoding: 'utf8',
  });
}

/** Opens a printed sign-in link, enrols the authenticator app, and lands on the back office's home. */
async function enrolFromLink(page: Page, link: string): Promise<string> {
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
  const secret = (await page.locator('[class*="secret"]').first().textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.getByRole('link', { name: 'I have saved them: continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
  return secret;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(DB, { APP_ENV: 'staging', SMTP_URL: '' });
  base = server.base;
  operatorCommand('add', '--email', ADMIN, '--name', 'QA lead', '--role', 'admin');
});

test.afterAll(() => server?.stop());

test('a stranger gets no mailbox and no outbox: the page asks an operator to sign in, the API refuses', async ({ page, request }) => {
  const asked = await request.post(`${base}/api/identity/links`, {
    headers: { origin: base, 'sec-fetch-site': 'same-origin' },
    data: { email: 'victim@example.com', purpose: 'magic-link', brand: 'vogue', urlSlug: 'demo-single', returnPath: '/vogue/demo-single' },
  });
  expect(asked.status()).toBe(202);
  const bare = await request.get(`${base}/mailbox?to=victim%40example.com`, { maxRedirects: 0 });
  expect(bare.status()).toBe(307);
  expect(bare.headers().location).toBe('/admin/sign-in?return=%2Fmailbox%3Fto%3Dvictim%2540example.com');
  expect(await bare.text()).not.toContain('token=');
  expect((await request.get(`${base}/api/admin/outbox?email=victim%40example.com`)).status()).toBe(401);
  await page.goto(`${base}/mailbox`);
  await expect(page).toHaveURL(/\/admin\/sign-in\?return=%2Fmailbox$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sign in');
});

test("an admin signed in with the shell's link reads buyers' mail, never an operator's sign-in", async ({ page, request }) => {
  test.setTimeout(90_000);
  const printed = operatorCommand('link', '--email', ADMIN, '--origin', base).split('\n')[0]!;
  expect(printed).toMatch(new RegExp(`^${base}/admin/sign-in/link\\?token=`));
  await enrolFromLink(page, printed);

  const buyer = `staging.buyer.${Date.now()}@example.com`;
  const headers = { origin: base, 'sec-fetch-site': 'same-origin' };
  const asked = await request.post(`${base}/api/identity/links`, {
    headers,
    data: { email: buyer, purpose: 'magic-link', brand: 'vogue', urlSlug: 'demo-single', returnPath: '/vogue/demo-single' },
  });
  expect(asked.status()).toBe(202);
  // An operator's own sign-in mail, asked from the sign-in page, is kept but never shown.
  expect((await request.post(`${base}/api/operator/links`, { headers, data: { email: ADMIN } })).status()).toBe(202);

  await page.goto(`${base}/mailbox`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(buyer).first()).toBeVisible();
  await expect(page.getByText(ADMIN)).toHaveCount(0);

  const outbox = await page.request.get(`${base}/api/admin/outbox?limit=50`, { headers });
  expect(outbox.status()).toBe(200);
  const { mails } = (await outbox.json()) as { mails: { to: string; kind: string }[] };
  expect(mails.map((m) => m.to)).toContain(buyer);
  expect(mails.filter((m) => m.kind === 'operator-sign-in')).toEqual([]);

  // A token never makes an operator; the session, whose code was just given, does.
  const token = operatorCommand('token', '--email', ADMIN, '--name', 'QA scripts', '--scopes', 'admin,care').split('\n')[0]!;
  const newcomer = { email: `tester.${Date.now()}@operators.example`, name: 'New tester', role: 'admin' };
  const byToken = await request.post(`${base}/api/operator/operators`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: newcomer,
  });
  expect([401, 403]).toContain(byToken.status());
  const bySession = await page.request.post(`${base}/api/operator/operators`, { headers, data: newcomer });
  expect(bySession.status()).toBe(201);
});
