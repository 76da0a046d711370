import fs from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Where the browser tests' server (scripts/e2e-server.mjs) leaves the personal API token of
 * its QA operator, made with `npm run operator` when it starts: QA's scripts hold such a
 * token, never a shared secret.
 */
export const E2E_OPERATOR_TOKEN_FILE = 'data/e2e-operator-token';

/** The browser tests' server's database (playwright.config.ts's webServer env): what `npm run operator` is run against. */
export const E2E_DATABASE_URL = 'file:data/e2e.db';

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

/** The newest sign-in link the embedded outbox holds for an address (operators' API). */
export async function linkFromOutbox(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`/api/admin/outbox?email=${encodeURIComponent(email)}&limit=1`, {
    headers: ADMIN_HEADERS,
  });
  expect(response.status()).toBe(200);
  const { mails } = (await response.json()) as { mails: { link: string }[] };
  expect(mails).toHaveLength(1);
  return mails[0]!.link;
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
  await page.goto(await linkFromOutbox(request, email));
  await page.waitForURL(new RegExp(`/${brand}/${urlSlug}$`));
  return email;
}
