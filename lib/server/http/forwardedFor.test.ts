import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { adminOperatorToken } from '@/tests/fixtures/operatorSessions';
import { TOKEN_FAILURES_PER_CLIENT } from '@/lib/server/operators/operatorAccess';

/**
 * Finding 4 through a real route: the app is configured behind a proxy at 192.0.2.1, and this
 * test's requests reach its port directly from 127.0.0.1, as anyone could when it listened on
 * every interface. Whatever X-Forwarded-For they send, they are one client: a fresh address in
 * the header per request must not buy a fresh budget of wrong operator tokens.
 */

let adminToken = '';
await serveRoutesWithServerContext(
  { TRUSTED_PROXY_HOPS: '1', TRUSTED_PROXIES: '192.0.2.1' },
  [[/^\/api\/admin\/outbox$/, () => import('@/pages/api/admin/outbox')]],
  async () => {
    adminToken = await adminOperatorToken(await appDb());
  },
);

const get = (forwardedFor: string, token: string) =>
  fetch(`${server.origin}/api/admin/outbox`, { headers: { 'x-forwarded-for': forwardedFor, authorization: `Bearer ${token}` } });

describe('X-Forwarded-For from a peer that is no trusted proxy', () => {
  it('is ignored: the peer is throttled by its own address, a new forwarded address per request or not', async () => {
    for (let i = 0; i < TOKEN_FAILURES_PER_CLIENT; i += 1) expect((await get(`198.51.100.${i + 1}`, `guess-${i}`)).status).toBe(401);
    const next = await get('203.0.113.200', 'guess-again');
    expect(next.status).toBe(429);
    expect((await get('203.0.113.201', adminToken)).status).toBe(429);
  });
});
