import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { adminOperatorToken } from '@/tests/fixtures/operatorSessions';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { PRODUCTION_SERVER_ENV } from '@/tests/fixtures/productionEnv';
import { WITHHELD_BODY } from './mailboxAccess';
import { enqueueMail } from './OutboxRepository';

/** The outbox API in production: admins see the queue, never a link that signs in or acts without signing in. */
await serveRoutesWithServerContext(PRODUCTION_SERVER_ENV, [[/^\/api\/admin\/outbox$/, () => import('@/pages/api/admin/outbox')]]);

// Far in the future: the server's mail worker, whose SMTP server does not exist, leaves them pending.
const at = new Date('2099-01-01T00:00:00.000Z');

describe('GET /api/admin/outbox in production', () => {
  it('withholds the link and bodies of sign-in, keep and undo mails, pending or not, and lists the rest whole', async () => {
    const db = await appDb();
    const secret = ['sign-in', 'cancel-request', 'duplicate-purchase'] as const;
    for (const kind of secret) {
      await enqueueMail(
        db,
        {
          to: 'ada@example.com',
          subject: kind,
          text: `${kind} https://x/?token=s`,
          html: `<a href="https://x/?token=s">go</a>`,
          kind,
          link: 'https://x/?token=s',
        },
        at,
      );
    }
    await enqueueMail(
      db,
      {
        to: 'ada@example.com',
        subject: 'Receipt',
        text: 'https://x/account',
        html: '<p>r</p>',
        kind: 'renewal-receipt',
        link: 'https://x/account',
      },
      at,
    );
    const token = await adminOperatorToken(db);
    const answer = await operatorFetch(server.origin, 'GET', '/api/admin/outbox?limit=50', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    const { mails } = (await answer.json()) as { mails: { kind: string; link: string | null; text: string; html: string | null }[] };
    expect(JSON.stringify(mails)).not.toContain('token=s');
    for (const kind of secret) expect(mails.find((m) => m.kind === kind)).toMatchObject({ link: null, text: WITHHELD_BODY, html: null });
    expect(mails.find((m) => m.kind === 'renewal-receipt')).toMatchObject({ link: 'https://x/account', text: 'https://x/account' });
  });
});
