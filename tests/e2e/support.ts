import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The operator token the browser tests' server runs with, for tests that read /api/admin. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789';
/** The marketers' password of the funnel report (/admin/funnel) on the browser tests' server; it does not open /api/admin. */
export const E2E_REPORT_PASSWORD = 'e2e-report-password-0123';
/** The headers of a request to /api/admin as the operator. */
export const ADMIN_HEADERS = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

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

/**
 * Signs the page's browser in for a campaign the way a visitor does: asks for a magic link,
 * reads it from the embedded outbox (operators' API), and opens it.
 */
export async function signInThroughOutbox(page: Page, request: APIRequestContext, brand: string, urlSlug: string): Promise<string> {
  const email = `reader.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const asked = await request.post('/api/identity/links', {
    data: { email, purpose: 'magic-link', brand, urlSlug, returnPath: `/${brand}/${urlSlug}` },
  });
  expect(asked.status()).toBe(202);
  const outbox = await request.get(`/api/admin/outbox?email=${encodeURIComponent(email)}&limit=1`, {
    headers: ADMIN_HEADERS,
  });
  const { mails } = (await outbox.json()) as { mails: { link: string }[] };
  await page.goto(mails[0]!.link);
  await page.waitForURL(new RegExp(`/${brand}/${urlSlug}$`));
  return email;
}
