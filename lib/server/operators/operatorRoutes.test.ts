import { generate } from 'otplib';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { describe, expect, it } from 'vitest';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { sha256 } from '@/lib/server/ids';
import { OperatorDirectory } from './OperatorDirectory';
import { STEP_UP_MAX_AGE_MS } from './operatorStepUp';

/**
 * The back office's routes end to end, each module served by Next's own API resolver on a
 * real HTTP server (plain http: cookies without the __Host- prefix): an operator signs in
 * with a link and a second factor, makes and revokes a personal token, and an admin adds an
 * operator; each step in the audit log.
 */
// Behind a proxy at 127.0.0.1 (the tests' own address): X-Forwarded-For names each request's client.
await serveRoutesWithServerContext({ TRUSTED_PROXY_HOPS: '1', TRUSTED_PROXIES: '127.0.0.1' }, [
  [/^\/api\/operator\/links$/, () => import('@/pages/api/operator/links')],
  [/^\/api\/operator\/sign-in$/, () => import('@/pages/api/operator/sign-in')],
  [/^\/api\/operator\/factor$/, () => import('@/pages/api/operator/factor')],
  [/^\/api\/operator\/step-up$/, () => import('@/pages/api/operator/step-up')],
  [/^\/api\/operator\/sign-out$/, () => import('@/pages/api/operator/sign-out')],
  [/^\/api\/operator\/tokens$/, () => import('@/pages/api/operator/tokens/index')],
  [/^\/api\/operator\/tokens\/(?<id>[^/]+)$/, () => import('@/pages/api/operator/tokens/[id]')],
  [/^\/api\/operator\/operators$/, () => import('@/pages/api/operator/operators/index')],
  [/^\/api\/operator\/operators\/(?<id>[^/]+)$/, () => import('@/pages/api/operator/operators/[id]')],
  [/^\/api\/operator\/audit$/, () => import('@/pages/api/operator/audit')],
  [/^\/api\/admin\/outbox$/, () => import('@/pages/api/admin/outbox')],
]);

const call = (method: string, path: string, options?: Parameters<typeof operatorFetch>[3]) => operatorFetch(origin, method, path, options);

const cookieOf = (response: Response) => response.headers.getSetCookie()[0]?.split(';')[0] ?? '';

const usedTokens = new Set<string>();

/** The link of the newest sign-in mail to `email` (mails of one millisecond sort alike: the one not taken yet). */
async function linkToken(email: string): Promise<string> {
  const mails = await (await appDb()).selectFrom('outbox').selectAll().where('to_email', '=', email).execute();
  const token = mails.map((mail) => /token=([\w-]+)/.exec(JSON.stringify(mail))![1]!).find((t) => !usedTokens.has(t))!;
  usedTokens.add(token);
  return token;
}

const from = (client: string) => ({ 'x-forwarded-for': client });

/** Signs an operator in through the routes (from `client`), enrolling on the first time: the session cookie, and the TOTP secret. */
async function signIn(
  email: string,
  secret?: string,
  client = '127.0.0.1',
): Promise<{ cookie: string; secret: string; recoveryCodes: string[] | null }> {
  expect((await call('POST', '/api/operator/links', { body: { email }, headers: from(client) })).status).toBe(202);
  const used = await call('POST', '/api/operator/sign-in', { body: { token: await linkToken(email) }, headers: from(client) });
  expect(used.status).toBe(200);
  const pending = cookieOf(used);
  const stage = ((await used.json()) as { stage: string }).stage;
  let totpSecret = secret;
  if (stage === 'enrol') {
    const db = await appDb();
    const operator = (await new OperatorDirectory(db).byEmail(email))!;
    // What the enrolment page shows (the QR code's secret), read as the page does.
    const { serverContext } = await import('@/lib/server/context/serverContext');
    totpSecret = (await (await serverContext()).operators.signIn.enrolment(pending.split('=')[1]))!.secret;
    expect(operator.enrolled).toBe(false);
  }
  const code = await generate({ secret: totpSecret! });
  const factor = await call('POST', '/api/operator/factor', { body: { code }, cookie: pending, headers: from(client) });
  expect(factor.status).toBe(200);
  const answer = (await factor.json()) as { recoveryCodes: string[] | null };
  return { cookie: cookieOf(factor), secret: totpSecret!, recoveryCodes: answer.recoveryCodes };
}

describe('the back office routes', () => {
  it('signs an admin in with a link and a code, makes a personal token that opens /api/admin, and revokes it', async () => {
    const db = await appDb();
    await new OperatorDirectory(db).add(
      { email: 'boss@example.com', name: 'Boss', role: 'admin' },
      { operatorId: null, label: 'command line' },
    );
    const { cookie, recoveryCodes } = await signIn('boss@example.com');
    expect(recoveryCodes).toHaveLength(10);

    const made = await call('POST', '/api/operator/tokens', { body: { name: 'QA suite', scopes: ['admin'] }, cookie });
    expect(made.status).toBe(201);
    const { token, record } = (await made.json()) as { token: string; record: { id: string } };
    const bearer = { authorization: `Bearer ${token}` };
    expect((await call('GET', '/api/admin/outbox', { headers: bearer })).status).toBe(200);
    // A token cannot mint tokens: that takes a signed-in session.
    expect((await call('POST', '/api/operator/tokens', { body: { name: 'x', scopes: ['admin'] }, headers: bearer })).status).toBe(403);
    expect((await call('DELETE', `/api/operator/tokens/${record.id}`, { cookie })).status).toBe(200);
    expect((await call('GET', '/api/admin/outbox', { headers: bearer })).status).toBe(401);

    const audit = (await (await call('GET', '/api/operator/audit', { cookie })).json()) as { entries: { action: string; actor: string }[] };
    expect(audit.entries.map((e) => e.action).slice(0, 3)).toEqual(['token.revoked', 'token.created', 'operator.signed-in']);
    expect(audit.entries[0]?.actor).toBe('operator:boss@example.com');
  });

  it('lets an admin add an operator, whose role then decides what opens', async () => {
    const db = await appDb();
    await new OperatorDirectory(db).add(
      { email: 'chief@example.com', name: 'Chief', role: 'admin' },
      { operatorId: null, label: 'command line' },
    );
    const admin = await signIn('chief@example.com');
    const added = await call('POST', '/api/operator/operators', {
      body: { email: 'Care@Example.com', name: 'Cara', role: 'care' },
      cookie: admin.cookie,
    });
    expect(added.status).toBe(201);
    expect(
      (
        await call('POST', '/api/operator/operators', {
          body: { email: 'care@example.com', name: 'Again', role: 'care' },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(409);

    const care = await signIn('care@example.com');
    const refused = await call('GET', '/api/admin/outbox', { cookie: care.cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Your role does not open/);
    const careToken = await call('POST', '/api/operator/tokens', { body: { name: 'x', scopes: ['admin'] }, cookie: care.cookie });
    expect(careToken.status).toBe(403);
    expect((await call('GET', '/api/operator/audit', { cookie: care.cookie })).status).toBe(403);
  });

  it('refuses wrong codes with a message, a cross-site post, a signed-out caller and malformed bodies', async () => {
    const db = await appDb();
    await new OperatorDirectory(db).add(
      { email: 'dee@example.com', name: 'Dee', role: 'marketer' },
      { operatorId: null, label: 'command line' },
    );
    await signIn('dee@example.com');
    await call('POST', '/api/operator/links', { body: { email: 'dee@example.com' } });
    const usedLink = await call('POST', '/api/operator/sign-in', { body: { token: await linkToken('dee@example.com') } });
    const pending = cookieOf(usedLink);
    const wrong = await call('POST', '/api/operator/factor', { body: { code: '000000' }, cookie: pending });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('wrong_code');
    expect((await call('POST', '/api/operator/factor', { body: { code: '123456' } })).status).toBe(401);
    const crossSite = await fetch(`${origin}/api/operator/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ email: 'dee@example.com' }),
    });
    expect(crossSite.status).toBe(403);
    expect((await call('POST', '/api/operator/links', { body: { email: 'x', extra: 1 } })).status).toBe(400);
    expect((await call('POST', '/api/operator/sign-in', { body: { token: 'x'.repeat(43) } })).status).toBe(400);
    expect((await call('GET', '/api/operator/audit?limit=many', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await call('PATCH', '/api/operator/operators/not-an-id', { body: { role: 'admin' } })).status).toBe(401);
    expect((await call('PUT', '/api/operator/links', { body: {} })).status).toBe(405);
  });

  it('never lets a token make or change an operator, nor make a token (finding 1)', async () => {
    const db = await appDb();
    const directory = new OperatorDirectory(db);
    await directory.add({ email: 'root@example.com', name: 'Root', role: 'admin' }, { operatorId: null, label: 'command line' });
    const other = await directory.add(
      { email: 'peer@example.com', name: 'Peer', role: 'admin' },
      { operatorId: null, label: 'command line' },
    );
    const { cookie } = await signIn('root@example.com', undefined, '192.0.2.10');
    const made = await call('POST', '/api/operator/tokens', { body: { name: 'admin script', scopes: ['admin'] }, cookie });
    expect(made.status).toBe(201);
    const bearer = { authorization: `Bearer ${((await made.json()) as { token: string }).token}` };

    expect((await call('GET', '/api/operator/operators', { headers: bearer })).status).toBe(200);
    const refusals = [
      await call('POST', '/api/operator/operators', { body: { email: 'mole@example.com', name: 'Mole', role: 'admin' }, headers: bearer }),
      await call('PATCH', `/api/operator/operators/${other.id}`, { body: { disabled: true }, headers: bearer }),
      await call('PATCH', `/api/operator/operators/${other.id}`, { body: { role: 'care' }, headers: bearer }),
      await call('PATCH', `/api/operator/operators/${other.id}`, { body: { resetFactor: true }, headers: bearer }),
      await call('POST', '/api/operator/tokens', { body: { name: 'more', scopes: ['admin'] }, headers: bearer }),
      // A bearer header beside a fresh session's cookie is refused too: the change never takes a token.
      await call('POST', '/api/operator/tokens', {
        body: { name: 'more', scopes: ['admin'] },
        cookie,
        headers: { authorization: 'Bearer x' },
      }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      const { error } = (await refused.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('session_required');
      expect(error.message).toMatch(/needs a signed-in back-office session with a fresh code/);
    }
    expect((await call('POST', '/api/operator/operators', { body: { email: 'mole@example.com', name: 'M', role: 'care' } })).status).toBe(
      401,
    );
    expect(await directory.byEmail('mole@example.com')).toBeNull();
    expect((await directory.byEmail('peer@example.com'))?.disabledAt).toBeNull();
    // The own-account guard still stands for a fresh session.
    const self = (await directory.byEmail('root@example.com'))!;
    expect((await call('PATCH', `/api/operator/operators/${self.id}`, { body: { disabled: true }, cookie })).status).toBe(409);
  });

  it('asks a session whose code is older than five minutes for a code again, then retries (finding 1)', async () => {
    const db = await appDb();
    const directory = new OperatorDirectory(db);
    await directory.add({ email: 'steady@example.com', name: 'Steady', role: 'admin' }, { operatorId: null, label: 'command line' });
    const { cookie, recoveryCodes } = await signIn('steady@example.com', undefined, '192.0.2.11');
    const stale = new Date(Date.now() - STEP_UP_MAX_AGE_MS - 1000).toISOString();
    await db
      .updateTable('operator_sessions')
      .set({ factor_verified_at: stale })
      .where('token_hash', '=', sha256(cookie.split('=')[1]!))
      .execute();

    const add = () =>
      call('POST', '/api/operator/operators', {
        body: { email: 'newcomer@example.com', name: 'Newcomer', role: 'care' },
        cookie,
        headers: from('192.0.2.11'),
      });
    const asked = await add();
    expect(asked.status).toBe(403);
    expect(((await asked.json()) as { error: { code: string } }).error.code).toBe('step_up_required');
    expect((await call('POST', '/api/operator/tokens', { body: { name: 'x', scopes: ['admin'] }, cookie })).status).toBe(403);

    const wrong = await call('POST', '/api/operator/step-up', { body: { code: '000000' }, cookie, headers: from('192.0.2.11') });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('wrong_code');
    expect((await call('POST', '/api/operator/step-up', { body: { code: '000000' } })).status).toBe(401);
    // The app's current code was used by the sign-in a moment ago: a recovery code stands in.
    const stepped = await call('POST', '/api/operator/step-up', {
      body: { code: recoveryCodes![0]! },
      cookie,
      headers: from('192.0.2.11'),
    });
    expect(stepped.status).toBe(200);
    expect((await add()).status).toBe(201);

    const audit = (await (await call('GET', '/api/operator/audit?limit=5', { cookie })).json()) as {
      entries: { action: string; client: string | null }[];
    };
    expect(audit.entries.map((e) => [e.action, e.client])).toEqual([
      ['operator.added', '192.0.2.11'],
      ['operator.stepped-up', '192.0.2.11'],
      ['operator.recovery-code-used', '192.0.2.11'],
      ['operator.wrong-code', '192.0.2.11'],
      ['operator.signed-in', '192.0.2.11'],
    ]);
  });

  it("lets no one lock everyone out: 50 malformed headers from five clients leave a sixth's token and sign-in working (finding 3)", async () => {
    const db = await appDb();
    const directory = new OperatorDirectory(db);
    await directory.add({ email: 'owner@example.com', name: 'Owner', role: 'admin' }, { operatorId: null, label: 'command line' });
    await directory.add({ email: 'later@example.com', name: 'Later', role: 'care' }, { operatorId: null, label: 'command line' });
    const { cookie } = await signIn('owner@example.com', undefined, '203.0.113.6');
    const made = await call('POST', '/api/operator/tokens', { body: { name: 'report', scopes: ['admin'] }, cookie });
    const token = ((await made.json()) as { token: string }).token;

    for (let i = 0; i < 50; i += 1) {
      const headers = { ...from(`198.51.100.${(i % 5) + 1}`), authorization: i % 2 ? 'x' : 'Bearer nope' };
      expect((await call('GET', '/api/operator/operators', { headers })).status).toBe(401);
    }
    // Each of the five is locked on its own.
    expect(
      (await call('GET', '/api/operator/operators', { headers: { ...from('198.51.100.1'), authorization: `Bearer ${token}` } })).status,
    ).toBe(429);
    const sixth = { ...from('203.0.113.6'), authorization: `Bearer ${token}` };
    expect((await call('GET', '/api/operator/operators', { headers: sixth })).status).toBe(200);
    await signIn('later@example.com', undefined, '203.0.113.6');

    const audit = (await (await call('GET', '/api/operator/audit?limit=3', { cookie })).json()) as {
      entries: { action: string; actor: string; client: string | null }[];
    };
    expect(audit.entries[0]).toMatchObject({ action: 'operator.signed-in', actor: 'operator:later@example.com', client: '203.0.113.6' });
  });
});
