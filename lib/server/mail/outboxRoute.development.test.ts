import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { adminOperatorToken } from '@/tests/fixtures/operatorSessions';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';

/**
 * The outbox API on a developer's server, behind a proxy on this machine (127.0.0.1 is
 * trusted): a client the proxy names is no loopback client, whatever token it holds.
 */
await serveRoutesWithServerContext(
  { APP_ENV: 'development', PAYMENTS_SANDBOX: '1', SMTP_URL: '', TRUSTED_PROXIES: '127.0.0.1', TRUSTED_PROXY_HOPS: '1' },
  [[/^\/api\/admin\/outbox$/, () => import('@/pages/api/admin/outbox')]],
);

describe('GET /api/admin/outbox on a developer server', () => {
  it('answers only the machine itself: a client from elsewhere gets 404, even with an admin token', async () => {
    const token = await adminOperatorToken(await appDb());
    const from = (client: string) =>
      operatorFetch(server.origin, 'GET', '/api/admin/outbox', {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client },
      });
    expect((await from('203.0.113.9')).status).toBe(404);
    expect((await from('2001:db8::5')).status).toBe(404);
    expect((await from('127.0.0.1')).status).toBe(200);
  });
});
