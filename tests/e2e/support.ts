import fs from 'node:fs';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Where the browser tests' server (scripts/e2e-server.mjs) leaves the personal API token of
 * its QA operator, made with `npm run operator` when it starts: QA's scripts hold such a
 * token, never a shared secret.
 */
export const E2E_OPERATOR_TOKEN_FILE = 'data/e2e-operator-token';

/** The browser tests' database (playwright.config.ts's webServer env), the run's own: `npm run operator` runs on it, links are read from it. */
export const E2E_DATABASE_FILE = 'data/e2e.db';
export const E2E_DATABASE_URL = `file:${E2E_DATABASE_FILE}`;

let qaToken: string | undefined;
/** The QA operator's token (admin, care and reports scopes). */
export function e2eOperatorToken(): string {
  qaToken ??= fs.readFileSync(E2E_OPERATOR_TOKEN_FILE, 'utf8').trim();
  return qaToken;
}

/** The headers of a request to /api/admin as the QA operator (read when used: the server writes the token as it starts). */
export const ADMIN_HEADERS = {
  get authorization() {
    return `Bearer ${e2eOperatorToken()}`;
  },
};

/** A test-mode submit of Vogue Digital paid with the sandbox's 4242 card, straight to the API; tests override what they check. */
export function sandboxSubmitBody(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    idempotencyKey: crypto.randomUUID(),
    brand: 'vogue',
    urlSlug: 'demo-single',
    offerId: '1001',
    addOnIds: [],
    billing: { email, firstName: 'Ada', lastName: 'Reader', country: 'GB' },
    autoRenewalConsent: false,
    payment: { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    livemode: false,
    source: null,
    returnPath: '/vogue/demo-single/credit-card?livemode=false',
    ...overrides,
  };
}

let e2eDb: Database.Database | undefined;

/**
 * The newest link the outbox holds for an address, read from the test run's own database:
 * a way that exists only in test runs, since no API hands out a sign-in link (an operator's
 * least of all) and a shared server's mailbox is for signed-in admins.
 */
export async function linkFromOutbox(email: string): Promise<string> {
  e2eDb ??= new Database(E2E_DATABASE_FILE, { readonly: true, fileMustExist: true });
  const row = e2eDb
    .prepare('SELECT link FROM outbox WHERE to_email = ? ORDER BY created_at DESC, id DESC LIMIT 1')
    .get(email.trim().toLowerCase()) as { link: string | null } | undefined;
  expect(row?.link, `a mail with a link to ${email}`).toBeTruthy();
  return row!.link!;
}

/**
 * The plain-text body of the newest mail of a kind to an address, from the test run's own
 * database (as linkFromOutbox): for a mail with more than one link, such as the withdrawal
 * acknowledgment's "This was not me" besides its "Confirm withdrawal".
 */
export async function mailTextFromOutbox(email: string, kind: string): Promise<string> {
  e2eDb ??= new Database(E2E_DATABASE_FILE, { readonly: true, fileMustExist: true });
  const newest = () =>
    (
      e2eDb!
        .prepare('SELECT body_text FROM outbox WHERE to_email = ? AND kind = ? ORDER BY created_at DESC, id DESC LIMIT 1')
        .get(email.trim().toLowerCase(), kind) as { body_text: string } | undefined
    )?.body_text;
  // Some mails are written by a background pass moments after the answer (the public withdrawal's acknowledgment).
  await expect.poll(newest, { message: `a ${kind} mail to ${email}`, timeout: 15_000 }).toBeTruthy();
  return newest()!;
}

/**
 * Signs the page's browser in for a campaign the way a visitor does: asks for a magic link
 * from that browser (page.request shares the page's cookies, so the link's nonce cookie lands
 * there and the link signs in at once), reads it from the embedded outbox, and opens it.
 * A link asked through the `request` fixture instead is another browser's: opening it in the
 * page asks to confirm (see identity.spec.ts).
 */
export async function signInThroughOutbox(page: Page, request: APIRequestContext, brand: string, urlSlug: string): Promise<string> {
  const email = `reader.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const asked = await page.request.post('/api/identity/links', {
    data: { email, purpose: 'magic-link', brand, urlSlug, returnPath: `/${brand}/${urlSlug}` },
  });
  expect(asked.status()).toBe(202);
  await page.goto(await linkFromOutbox(email));
  await page.waitForURL(new RegExp(`/${brand}/${urlSlug}$`));
  return email;
}
