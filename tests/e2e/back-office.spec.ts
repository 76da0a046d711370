import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { addOperator, signInOperator, signedInOperator } from './pages/backOffice';
import { ADMIN_HEADERS, linkFromOutbox } from './support';
import { axeViolations, WCAG_21_AA } from './accessibility';

// Operators are added on the command line (npm run operator, a few seconds each) and sign in in full: longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test('an admin signs in with a link and a second factor, makes a token, revokes it, and the audit log shows each step', async ({
  page,
  request,
}) => {
  const { email, secret } = await signedInOperator(page, request, 'admin');
  const enrolledInStep = Math.floor(Date.now() / 30_000);
  await expect(page.getByText(`You are signed in as ${email}`)).toBeVisible();

  // A personal token, shown once, that opens the operators' API until it is revoked.
  await page.getByLabel('Name').fill('Nightly export');
  await page.getByRole('checkbox', { name: 'admin' }).check();
  await page.getByRole('button', { name: 'Make a token' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'Copy it now' });
  await expect(shown).toBeVisible();
  const token = (await shown.locator('p').nth(1).textContent())!.trim();
  expect(token).toMatch(/^pjop_/);
  expect((await request.get('/api/admin/outbox?limit=1', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Revoke Nightly export' }).click();
  await expect(page.getByRole('cell', { name: /^Revoked / })).toBeVisible();
  expect((await request.get('/api/admin/outbox?limit=1', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: `operator:${email}` });
  await expect(rows.filter({ hasText: 'token.revoked' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'token.created' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'operator.signed-in' })).toHaveCount(1);
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
  // The log has no way to change an entry: the API reads only.
  for (const method of ['PATCH', 'DELETE', 'PUT', 'POST'] as const) {
    expect((await page.request.fetch('/api/operator/audit', { method, headers: ADMIN_HEADERS, data: {} })).status()).toBe(405);
  }

  // Signed out, the next sign-in asks for the app's code (no enrolment again); a wrong one is refused in words.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in\?return=%2Fadmin$/);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
  await page.goto(await linkFromOutbox(email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code').fill('12');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#operator-code-error')).toHaveText('Enter the 6-digit code from your authenticator app, or a recovery code.');
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#operator-code-error')).toContainText('That code is not right.');
  // Each code is accepted once: give the app's next code after the one enrolment used (the
  // server takes a code up to 30 s early, as an authenticator's clock may run ahead).
  await page.getByLabel('Code').fill(await generate({ secret, epoch: (enrolledInStep + 1) * 30 }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
});

test('an admin adds a customer-care operator, whose role opens neither the report nor the admin pages', async ({
  page,
  request,
  browser,
}) => {
  await signedInOperator(page, request, 'admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Operators' }).click();
  const email = `care.${Date.now()}@operators.example`;
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Name').fill('Cara Care');
  await page.getByLabel('Role', { exact: true }).selectOption('care');
  await page.getByRole('button', { name: 'Add operator' }).click();
  await expect(page.getByRole('status')).toContainText(`${email} was added as Customer care`);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Not yet');
  // A personal API token, even an admin's, may not add operators: that takes a session with a fresh code.
  const byToken = await request.post('/api/operator/operators', {
    headers: ADMIN_HEADERS,
    data: { email: `token.${Date.now()}@operators.example`, name: 'By token', role: 'admin' },
  });
  expect(byToken.status()).toBe(403);
  expect(((await byToken.json()) as { error: { code: string } }).error.code).toBe('session_required');

  const care = await (await browser.newContext()).newPage();
  await signInOperator(care, request, email);
  await care.getByRole('link', { name: 'I have saved them: continue' }).click();
  await expect(care.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Home',
    'Customer care',
    'Rate limits',
  ]);
  for (const path of ['/admin/funnel', '/admin/operators', '/admin/audit']) {
    const response = await care.goto(path);
    expect(response?.status()).toBe(403);
    await expect(care.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await care.context().close();
});

test('a sign-in link opened by a mail scanner is not used, and an incomplete or used link says what to do', async ({ page, request }) => {
  const email = await addOperator('marketer');
  const asked = await request.post('/api/operator/links', { data: { email } });
  expect(asked.status()).toBe(202);
  const link = await linkFromOutbox(email);
  // A scanner's GET changes nothing: the link still works afterwards.
  expect((await request.get(link)).status()).toBe(200);
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This sign-in link was used already. Ask for a new one.' })).toBeVisible();
  await page.goto('/admin/sign-in/link');
  await expect(page.getByRole('heading', { level: 1, name: 'This sign-in link is incomplete' })).toBeVisible();
});

test('an admin sees every background job, its last run and what waits, on a phone as on a desk', async ({ page, request }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signedInOperator(page, request, 'admin');
  await page.getByRole('link', { name: 'Background jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  // A header row and the ten jobs; the server has run each of those it starts at least once.
  await expect(rows).toHaveCount(11);
  await expect(rows.filter({ hasText: 'mail' }).first()).not.toContainText('Never');
  expect(await axeViolations(page, WCAG_21_AA)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('jobs-1280.png'), fullPage: true });

  await page.reload();
  await expect(rows).toHaveCount(11);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows).toHaveCount(11);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('jobs-390.png'), fullPage: true });
  expect(errors).toEqual([]);
});
