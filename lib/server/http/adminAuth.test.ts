import { describe, expect, it } from 'vitest';
import { server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { bearerToken } from './adminAuth';
import { SECRET_FAILURES_MAX } from './secretAttempts';

/**
 * /api/admin/* (customers' data, live sign-in links) through Next's own API resolver:
 * ADMIN_TOKEN as bearer opens it, the marketers' REPORT_PASSWORD never does, and wrong
 * tokens are limited per client. Behind one trusted proxy, so that each test is its own
 * client (X-Forwarded-For).
 */

const ADMIN_TOKEN = 'admin-token-for-auth-tests-0123';
const REPORT_PASSWORD = 'report-password-for-tests';
await serveRoutesWithServerContext({ ADMIN_TOKEN, REPORT_PASSWORD, TRUSTED_PROXY_HOPS: '1', TRUSTED_PROXIES: '127.0.0.1,::1' }, [
  [/^\/api\/admin\/outbox$/, () => import('@/pages/api/admin/outbox')],
  [/^\/api\/admin\/transactions$/, () => import('@/pages/api/admin/transactions')],
  [/^\/api\/admin\/events$/, () => import('@/pages/api/admin/events')],
  [/^\/api\/admin\/bad-rows$/, () => import('@/pages/api/admin/bad-rows')],
]);

let clients = 0;
/** A client address of its own for each test. */
const newClient = () => `198.51.100.${(clients += 1)}`;

const get = (path: string, client: string, authorization?: string) =>
  fetch(`${server.origin}${path}`, { headers: { 'x-forwarded-for': client, ...(authorization === undefined ? {} : { authorization }) } });
const basic = (password: string) => `Basic ${Buffer.from(`marketing:${password}`).toString('base64')}`;

describe('operator endpoints', () => {
  it.each(['/api/admin/outbox', '/api/admin/transactions', '/api/admin/events', '/api/admin/bad-rows'])(
    '%s opens with ADMIN_TOKEN as bearer',
    async (path) => {
      const response = await get(path, newClient(), `Bearer ${ADMIN_TOKEN}`);
      expect(response.status).toBe(200);
    },
  );

  it.each([
    ['the report password as bearer', `Bearer ${REPORT_PASSWORD}`],
    ['the report password as Basic credentials', basic(REPORT_PASSWORD)],
    ['the admin token as Basic credentials', basic(ADMIN_TOKEN)],
    ['no credentials', undefined],
    ['a wrong token', 'Bearer not-the-token'],
  ])('refuses %s with our JSON 401', async (_name, authorization) => {
    for (const path of ['/api/admin/outbox', '/api/admin/transactions']) {
      const response = await get(path, newClient(), authorization);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: expect.stringContaining('Bearer <ADMIN_TOKEN>') } });
    }
  });

  it(`answers 429 with Retry-After after ${SECRET_FAILURES_MAX} wrong tokens from a client, even to the right token`, async () => {
    const client = newClient();
    for (let i = 0; i < SECRET_FAILURES_MAX; i += 1) expect((await get('/api/admin/outbox', client, `Bearer guess-${i}`)).status).toBe(401);
    for (const authorization of ['Bearer guess-again', `Bearer ${ADMIN_TOKEN}`]) {
      const response = await get('/api/admin/transactions', client, authorization);
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
      expect(await response.json()).toEqual({
        error: { code: 'too_many_attempts', message: expect.stringMatching(/Please wait \d+ minutes?/) },
      });
    }
    // Another client still gets in.
    expect((await get('/api/admin/outbox', newClient(), `Bearer ${ADMIN_TOKEN}`)).status).toBe(200);
  });

  it('counts only failures: a busy operator is never throttled', async () => {
    const client = newClient();
    for (let i = 0; i < 2 * SECRET_FAILURES_MAX; i += 1)
      expect((await get('/api/admin/outbox', client, `Bearer ${ADMIN_TOKEN}`)).status).toBe(200);
    // Requests without credentials are not attempts either.
    for (let i = 0; i < SECRET_FAILURES_MAX; i += 1) expect((await get('/api/admin/outbox', client)).status).toBe(401);
    for (let i = 0; i < SECRET_FAILURES_MAX; i += 1) expect((await get('/api/admin/outbox', client, 'Bearer guess')).status).toBe(401);
    expect((await get('/api/admin/outbox', client, `Bearer ${ADMIN_TOKEN}`)).status).toBe(429);
  });
});

describe('bearerToken', () => {
  it.each<[string | undefined, string | null]>([
    [`Bearer ${ADMIN_TOKEN}`, ADMIN_TOKEN],
    [`bearer ${ADMIN_TOKEN}`, ADMIN_TOKEN],
    ['Bearer ', ''],
    [basic(ADMIN_TOKEN), ''],
    [ADMIN_TOKEN, ''],
    [undefined, null],
  ])('reads %s', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
