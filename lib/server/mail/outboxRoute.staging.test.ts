import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { adminOperatorToken, signedInOperator } from '@/tests/fixtures/operatorSessions';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { enqueueMail } from './OutboxRepository';

/** The outbox API on a shared (staging) server: a signed-in admin reads it, a token does not, and nobody reads an operator's sign-in. */
await serveRoutesWithServerContext({ APP_ENV: 'staging', PAYMENTS_SANDBOX: '1', SMTP_URL: '' }, [
  [/^\/api\/admin\/outbox$/, () => import('@/pages/api/admin/outbox')],
]);

const at = new Date('2026-12-01T10:00:00.000Z');

describe('GET /api/admin/outbox on staging', () => {
  it('refuses an admin token (403) and answers a signed-in admin, without any operator sign-in mail', async () => {
    const db = await appDb();
    await enqueueMail(
      db,
      { to: 'ada@example.com', subject: 'Sign in', text: 't', html: '<p>t</p>', kind: 'sign-in', link: 'http://x/a?token=1' },
      at,
    );
    await enqueueMail(
      db,
      {
        to: 'boss@operators.example',
        subject: 'Back office',
        text: 't',
        html: '<p>t</p>',
        kind: 'operator-sign-in',
        link: 'http://x/b?token=2',
      },
      at,
    );
    const token = await adminOperatorToken(db);
    const byToken = await operatorFetch(server.origin, 'GET', '/api/admin/outbox', { headers: { authorization: `Bearer ${token}` } });
    expect(byToken.status).toBe(403);
    expect(((await byToken.json()) as { error: { code: string } }).error.code).toBe('session_required');

    const admin = await signedInOperator(db, 'admin');
    const bySession = await operatorFetch(server.origin, 'GET', '/api/admin/outbox', { cookie: admin.cookie });
    expect(bySession.status).toBe(200);
    const { mails } = (await bySession.json()) as { mails: { kind: string; link: string | null }[] };
    expect(mails).toEqual([expect.objectContaining({ kind: 'sign-in', link: 'http://x/a?token=1' })]);

    const care = await signedInOperator(db, 'care');
    expect((await operatorFetch(server.origin, 'GET', '/api/admin/outbox', { cookie: care.cookie })).status).toBe(403);
    expect((await operatorFetch(server.origin, 'GET', '/api/admin/outbox')).status).toBe(401);
  });
});
