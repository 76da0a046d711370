import http from 'node:http';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { apiResolver } from 'next/dist/server/api-utils/node/api-resolver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The checkout routes' abuse limits end to end: each route module served by Next's own API
 * resolver on a real HTTP server (every request from 127.0.0.1), against an in-memory
 * database and the sandbox, with small budgets so that a few requests reach them.
 */
vi.hoisted(() => {
  process.env.DATABASE_URL = 'file::memory:';
  process.env.CHECKOUT_SUBMITS_PER_CLIENT_TEST = '2';
  process.env.CHECKOUT_QUOTES_PER_CLIENT = '3';
});

const { serverContext } = await import('@/lib/server/context/serverContext');
const { closeServerContext } = await import('@/lib/server/context/createServerContext');
const appDb = async () => (await serverContext()).db;
const { transactionIdFor } = await import('./submitService');
const routes: Record<string, Promise<unknown>> = {
  '/api/checkout/submit': import('@/pages/api/checkout/submit'),
  '/api/checkout/confirm': import('@/pages/api/checkout/confirm'),
  '/api/checkout/quote': import('@/pages/api/checkout/quote'),
};

let server: http.Server;
let origin: string;

beforeAll(async () => {
  // The demo catalogue, in the server context's (in-memory) database.
  const { importCatalogueJson } = await import('@/lib/server/catalogue/importCatalogue');
  const { readDemoCatalogue } = await import('@/lib/server/catalogue/demoCatalogue');
  const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  server = http.createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://localhost').pathname];
    if (!route) {
      res.statusCode = 404;
      res.end();
      return;
    }
    void route.then((module) => apiResolver(req, res, {}, module, { previewModeId: '', previewModeEncryptionKey: '', previewModeSigningKey: '', dev: false }, false));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeServerContext(await serverContext());
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
    await expectTooMany(await post('/api/checkout/submit', refused), /^Too many payment attempts from your connection\. Please wait (a minute|\d+ minutes) and try again\.$/);
    const spoofed = submitBody();
    await expectTooMany(await post('/api/checkout/submit', spoofed, { 'x-forwarded-for': '198.51.100.7' }), /^Too many payment attempts/);

    const db = await appDb();
    const ids = (await db.selectFrom('transactions').select('id').execute()).map((row) => row.id);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(transactionIdFor(refused.idempotencyKey));
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
  });
});

describe('POST /api/checkout/confirm', () => {
  it('answers 429 with Retry-After after 30 confirms from the address in 10 minutes', async () => {
    const confirm = () => post('/api/checkout/confirm', { idempotencyKey: randomUUID(), returnPath: '/vogue/demo-single/credit-card?livemode=false' });
    for (let i = 0; i < 30; i += 1) expect((await confirm()).status).toBe(404);
    await expectTooMany(await confirm(), /^Too many payment checks from your connection\. Please wait .+: your payment will not be taken twice\.$/);
  });
});
