import { generate } from 'otplib';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { describe, expect, it } from 'vitest';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { OperatorDirectory } from './OperatorDirectory';

/**
 * The back office's routes end to end, each module served by Next's own API resolver on a
 * real HTTP server (plain http: cookies without the __Host- prefix): an operator signs in
 * with a link and a second factor, makes and revokes a personal token, and an admin adds an
 * operator; each step in the audit log.
 */
await serveRoutesWithServerContext({}, [
  [/^\/api\/operator\/links$/, () => import('@/pages/api/operator/links')],
  [/^\/api\/operator\/sign-in$/, () => import('@/pages/api/operator/sign-in')],
  [/^\/api\/operator\/factor$/, () => import('@/pages/api/operator/factor')],
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

/** Signs an operator in through the routes, enrolling on the first time: the session cookie, and the TOTP secret. */
async function signIn(email: string, secret?: string): Promise<{ cookie: string; secret: string; recoveryCodes: string[] | null }> {
  expect((await call('POST', '/api/operator/links', { body: { email } })).status).toBe(202);
  const used = await call('POST', '/api/operator/sign-in', { body: { token: await linkToken(email) } });
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
  const factor = await call('POST', '/api/operator/factor', { body: { code }, cookie: pending });
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
    expect((await call('POST', '/api/operator/tokens', { body: { name: 'x', scopes: ['admin'] }, headers: bearer })).status).toBe(401);
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
});
