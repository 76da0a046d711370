import { afterAll, describe, expect, it } from 'vitest';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { randomUUID } from 'node:crypto';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { transactionIdFor } from './submitService';

/**
 * The checkout routes' abuse limits end to end: each route module served by Next's own API
 * resolver on a real HTTP server (every request from 127.0.0.1), against an in-memory
 * database and the sandbox, with small budgets so that a few requests reach them.
 */
await serveRoutesWithServerContext(
  { CHECKOUT_SUBMITS_PER_CLIENT_TEST: '2', CHECKOUT_QUOTES_PER_CLIENT: '3' },
  [
    [/^\/api\/checkout\/submit$/, () => import('@/pages/api/checkout/submit')],
    [/^\/api\/checkout\/confirm$/, () => import('@/pages/api/checkout/confirm')],
    [/^\/api\/checkout\/quote$/, () => import('@/pages/api/checkout/quote')],
  ],
  // The demo catalogue, in the server context's (in-memory) database.
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);
afterAll(() => {
  delete process.env.CHECKOUT_SUBMITS_PER_CLIENT_TEST;
  delete process.env.CHECKOUT_QUOTES_PER_CLIENT;
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const submitBody = () => submitRequestFixture({ source: null });

/** A 429 as the browser gets it: Retry-After in seconds within the window, our error shape, a readable wait. */
async function expectTooMany(response: Response, message: RegExp): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('too_many_requests');
  expect(body.error.message).toMatch(message);
}

describe('POST /api/checkout/submit', () => {
  it('answers 429 with Retry-After once the address has used its budget, writing and charging nothing; X-Forwarded-For is not trusted by default', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await post('/api/checkout/submit', submitBody());
      expect(response.status).toBe(200);
      expect(((await response.json()) as { status: string }).status).toBe('succeeded');
    }
    const refused = submitBody();
    await expectTooMany(
      await post('/api/checkout/submit', refused),
      // A test-mode submit (the fixture's): the refusal also says who can lift it.
      /^Too many payment attempts from your connection\. Please wait (a minute|\d+ minutes) and try again\. In test mode, an admin or customer care operator can lift this limit on \/admin\/limits\.$/,
    );
    const spoofed = submitBody();
    await expectTooMany(await post('/api/checkout/submit', spoofed, { 'x-forwarded-for': '198.51.100.7' }), /^Too many payment attempts/);
    // Said in the language the buyer was served in, which the submit names.
    const german = { ...submitBody(), locale: 'de-DE' };
    await expectTooMany(
      await post('/api/checkout/submit', german),
      /^Zu viele Zahlungsversuche von Ihrer Verbindung\. Bitte warten Sie (eine Minute|\d+ Minuten) und versuchen Sie es dann erneut\. Im Testmodus kann ein Admin oder der Kundenservice diese Grenze unter \/admin\/limits aufheben\.$/,
    );

    const db = await appDb();
    const ids = (await db.selectFrom('transactions').select('id').execute()).map((row) => row.id);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(transactionIdFor(refused.idempotencyKey));
    expect(ids).not.toContain(transactionIdFor(german.idempotencyKey));
    const keys = (await db.selectFrom('sandbox_payment_intents').select('idempotency_key').execute()).map((row) => row.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys).not.toContain(refused.idempotencyKey);
    expect(keys).not.toContain(spoofed.idempotencyKey);
  });
});

describe('POST /api/checkout/quote', () => {
  it('answers 429 with Retry-After once the address has asked its budget of quotes', async () => {
    const quote = { brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', country: 'GB' };
    for (let i = 0; i < 3; i += 1) expect((await post('/api/checkout/quote', quote)).status).toBe(200);
    await expectTooMany(await post('/api/checkout/quote', quote), /^Too many price requests from your connection\. Please wait/);
    // The German campaign's quote is refused in German, as its own refusals are.
    await expectTooMany(
      await post('/api/checkout/quote', { brand: 'gq', urlSlug: 'demo-de', offerId: quote.offerId, country: 'DE' }),
      /^Zu viele Preisanfragen von Ihrer Verbindung\. Bitte warten Sie /,
    );
    // A Quebec buyer on the French private steps of a Canadian English campaign: in French.
    const canadian = { brand: 'newyorker', urlSlug: 'demo-ca', offerId: '2201', country: 'CA', region: 'QC' };
    await expectTooMany(await post('/api/checkout/quote', canadian), /^Too many price requests/);
    await expectTooMany(
      await post('/api/checkout/quote', { ...canadian, locale: 'fr-CA' }),
      /^Trop de demandes de prix depuis votre connexion\. Patientez /,
    );
  });

  it("counts a test journey's quotes apart: the spent live budget leaves them theirs, and their refusal says who lifts it", async () => {
    const live = { brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', country: 'GB' };
    const test = { ...live, livemode: false };
    await expectTooMany(await post('/api/checkout/quote', live), /^Too many price requests from your connection\. Please wait [^.]+\.$/);
    for (let i = 0; i < 3; i += 1) expect((await post('/api/checkout/quote', test)).status).toBe(200);
    await expectTooMany(
      await post('/api/checkout/quote', test),
      /^Too many price requests from your connection\. .* an admin or customer care operator can lift this limit on \/admin\/limits\.$/,
    );
  });
});

describe('POST /api/checkout/confirm', () => {
  it('answers 429 with Retry-After after 30 confirms from the address in 10 minutes', async () => {
    const confirm = () =>
      post('/api/checkout/confirm', { idempotencyKey: randomUUID(), returnPath: '/vogue/demo-single/credit-card?livemode=false' });
    for (let i = 0; i < 30; i += 1) expect((await confirm()).status).toBe(404);
    await expectTooMany(
      await confirm(),
      /^Too many payment checks from your connection\. Please wait .+: your payment will not be taken twice\.$/,
    );
  });
});
