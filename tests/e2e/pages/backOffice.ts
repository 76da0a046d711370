import type { Kysely } from 'kysely';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import type { OperatorRole } from '@/lib/operators/roles';
import { createDb, parseDatabaseUrl } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { runOperatorCommand } from '@/lib/server/operators/operatorCommand';
import { E2E_DATABASE_URL, linkFromOutbox } from '@/tests/e2e/support';
import { signedInOperator as sessionOf } from '@/tests/fixtures/operatorSessions';

let db: Kysely<Database> | undefined;

/**
 * A new operator of `role`, with an address of its own, added by `npm run operator -- add`'s
 * own code on the server's database (in this process: a tsx process per operator took seconds),
 * as the first admin is: a personal API token may not add operators (that takes a signed-in
 * session with a fresh code), and every admin the tests sign in is made here first.
 */
export async function addOperator(role: OperatorRole): Promise<string> {
  const email = `${role}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@operators.example`;
  db ??= createDb(parseDatabaseUrl(E2E_DATABASE_URL));
  const printed = await runOperatorCommand(db, ['add', '--email', email, '--name', `E2E ${role}`, '--role', role], {
    operatorId: null,
    label: 'command line (browser tests)',
  });
  expect(printed[0]).toContain(`Added ${email}`);
  return email;
}

/**
 * Signs an operator in the way a person does: asks for a link on /admin/sign-in, opens it
 * from the outbox, presses Continue, scans (reads) the QR code's key, and gives the code the
 * app would show; then saves the recovery codes. Answers the TOTP secret and the codes.
 */
export async function signInOperator(
  page: Page,
  request: APIRequestContext,
  email: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
  await page.goto(await linkFromOutbox(email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.locator('[class*="secret"]').first().textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

/**
 * A new operator of `role` signed in on the page (their first sign-in: enrolment), back on
 * the back office's home. The code was just given, so for the next five minutes the page may
 * add or change operators and make tokens without asking for another (step-up).
 */
export async function signedInOperator(page: Page, request: APIRequestContext, role: OperatorRole) {
  const email = await addOperator(role);
  const signedIn = await signInOperator(page, request, email);
  await page.getByRole('link', { name: 'I have saved them: continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
  return { email, ...signedIn };
}

/**
 * A new operator of `role` whose signed-in session is written on the server's database and
 * given to the page's browser as its cookie: for tests of what a back-office page does, which
 * need no sign-in of their own (the sign-in is back-office.spec.ts's), and which would
 * otherwise spend the sign-in links one client may ask for in 15 minutes.
 */
export async function operatorSession(page: Page, role: OperatorRole): Promise<void> {
  db ??= createDb(parseDatabaseUrl(E2E_DATABASE_URL));
  const { cookie } = await sessionOf(db, role, `${role}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@operators.example`);
  const [name, value] = cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: test.info().project.use.baseURL! }]);
}
