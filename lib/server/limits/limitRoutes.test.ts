import { describe, expect, it } from 'vitest';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { adminOperatorToken, signedInOperator } from '@/tests/fixtures/operatorSessions';
import type { LimitsAnswer } from '@/lib/operators/limitViews';
import { abusePolicy } from '@/lib/server/checkout/abuseLimits';
import { CheckoutLimits } from '@/lib/server/checkout/CheckoutLimits';
import { IdentityService } from '@/lib/server/identity/IdentityService';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { OperatorDirectory } from '@/lib/server/operators/OperatorDirectory';
import { OperatorTokens } from '@/lib/server/operators/operatorTokens';
import { WITHDRAWAL_WINDOW_MS, WITHDRAWALS_PER_CLIENT } from '@/lib/server/withdrawal/WithdrawalService';
import { limitBuckets } from './limitBuckets';

/**
 * The limits route through Next's own API resolver: care and admins list what holds a client
 * or an address and lift it (each lift audited, with the counts before and after); a
 * marketer, a token without the care scope and a stranger are refused; bad input is a 400.
 */
await serveRoutesWithServerContext({}, [[/^\/api\/operator\/limits$/, () => import('@/pages/api/operator/limits/index')]]);

const call = (method: string, path: string, options?: Parameters<typeof operatorFetch>[3]) => operatorFetch(origin, method, path, options);
const list = (subject: string, options: Parameters<typeof operatorFetch>[3]) =>
  call('GET', `/api/operator/limits?subject=${encodeURIComponent(subject)}`, options);
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;
const auditOf = async (target: string) =>
  (await appDb()).selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('seq', 'asc').execute();

const checkoutLimits = async (client: string) => new CheckoutLimits(new RateLimiter(await appDb()), abusePolicy(), client);

describe('the limits route', () => {
  it("lists a client's limits in words and lifts one: the test slow-down goes, the live count stays, the lift is audited", async () => {
    const db = await appDb();
    const qa = await checkoutLimits('203.0.113.7');
    for (let i = 0; i < 50; i += 1) await qa.recordDecline(false, null);
    for (let i = 0; i < 3; i += 1) await qa.admitSubmit(true);
    await expect(qa.admitSubmit(false)).rejects.toMatchObject({ status: 429 });

    const { operator, cookie } = await signedInOperator(db, 'care');
    const listed = await list(' 203.0.113.7 ', { cookie });
    expect(listed.status).toBe(200);
    const before = (await listed.json()) as LimitsAnswer;
    expect(before.subject).toEqual({ kind: 'client', key: '203.0.113.7' });
    expect(before.limits[0]).toMatchObject({
      id: 'declines:test',
      name: 'Declined payments from this connection (a slow-down)',
      mode: 'test',
      count: 50,
      limit: 50,
      holding: true,
    });
    expect(before.limits).toContainEqual(expect.objectContaining({ id: 'payment-attempts:live', count: 3, limit: 10, holding: false }));

    const lifted = await call('POST', '/api/operator/limits', { cookie, body: { subject: '203.0.113.7', limit: 'declines:test' } });
    expect(lifted.status).toBe(200);
    const after = (await lifted.json()) as LimitsAnswer;
    expect(after.limits.map((limit) => limit.id)).not.toContain('declines:test');
    expect(after.limits).toContainEqual(expect.objectContaining({ id: 'payment-attempts:live', count: 3 }));
    await expect(qa.admitSubmit(false)).resolves.toBeUndefined();

    const [entry, ...more] = await auditOf('client:203.0.113.7');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'limit.lifted',
      operator_id: operator.id,
      actor: `operator:${operator.email}`,
      client: '127.0.0.1',
    });
    expect(JSON.parse(entry!.before_json!)).toEqual({ 'declines:test': { count: 50, limit: 50, holding: true } });
    expect(JSON.parse(entry!.after_json!)).toEqual({ 'declines:test': { count: 0, limit: 50, holding: false } });
  });

  it('finds an IPv6 client by its /64, whichever address of it is typed, and lifts all its limits', async () => {
    const db = await appDb();
    const limiter = new RateLimiter(db);
    const bucket = limitBuckets.withdrawals(false, '2001:db8:1:2::/64');
    for (let i = 0; i < WITHDRAWALS_PER_CLIENT + 1; i += 1) await limiter.allow(bucket, WITHDRAWALS_PER_CLIENT, WITHDRAWAL_WINDOW_MS);
    const { cookie } = await signedInOperator(db, 'admin');
    const found = (await (await list('2001:DB8:1:2:abcd::9', { cookie })).json()) as LimitsAnswer;
    expect(found.subject).toEqual({ kind: 'client', key: '2001:db8:1:2::/64' });
    expect(found.limits).toEqual([expect.objectContaining({ id: 'withdrawals:test', count: 11, limit: 10, holding: true })]);
    const lifted = await call('POST', '/api/operator/limits', { cookie, body: { subject: '2001:db8:1:2::1', limit: 'all' } });
    expect(((await lifted.json()) as LimitsAnswer).limits).toEqual([]);
    expect(await auditOf('client:2001:db8:1:2::/64')).toHaveLength(1);
    expect(await limiter.allow(bucket, WITHDRAWALS_PER_CLIENT, WITHDRAWAL_WINDOW_MS)).toBe(true);
  });

  it("lists and lifts an e-mail address's sign-in limits, by a token with the care scope too", async () => {
    const db = await appDb();
    const identity = new IdentityService(db, { send: async () => undefined });
    const ask = () =>
      identity.requestLink({
        email: 'QA.Limits@example.com',
        purpose: 'sign-in',
        returnPath: '/account',
        ip: '198.51.100.4',
        livemode: false,
        origin,
        completePath: '/account/sign-in/complete',
        brandName: 'your account',
      });
    for (let i = 0; i < 5; i += 1) expect(await ask()).toBe('sent');
    expect(await ask()).toBe('rate_limited');
    const headers = { authorization: `Bearer ${await adminOperatorToken(db)}` };
    const found = (await (await list(' qa.limits@EXAMPLE.com', { headers })).json()) as LimitsAnswer;
    expect(found.subject).toEqual({ kind: 'email', key: 'qa.limits@example.com' });
    expect(found.limits[0]).toMatchObject({ id: 'sign-in-links-from-one-connection:test', count: 6, limit: 5, holding: true });
    const lifted = await call('POST', '/api/operator/limits', { headers, body: { subject: 'qa.limits@example.com', limit: 'all' } });
    expect(lifted.status).toBe(200);
    expect(((await lifted.json()) as LimitsAnswer).limits).toEqual([]);
    const [entry] = await auditOf('email:qa.limits@example.com');
    expect(entry).toMatchObject({ action: 'limit.lifted', actor: expect.stringMatching(/\(token\)$/) });
    expect(await ask()).toBe('sent');
  });

  it('is for care and admins: a marketer gets 403, a token without the care scope 403, a stranger 401', async () => {
    const db = await appDb();
    const marketer = await signedInOperator(db, 'marketer');
    const refused = await list('203.0.113.8', { cookie: marketer.cookie });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toMatch(/Your role does not open this part of the back office/);
    const lift = { subject: '203.0.113.8', limit: 'all' };
    expect((await call('POST', '/api/operator/limits', { cookie: marketer.cookie, body: lift })).status).toBe(403);

    const actor = { operatorId: null, label: 'test' };
    const admin = await new OperatorDirectory(db).add({ email: 'reports-only@example.com', name: 'Reports', role: 'admin' }, actor);
    const { token } = await new OperatorTokens(db).create(admin.id, 'reports only', ['reports'], actor);
    const scoped = await call('POST', '/api/operator/limits', { headers: { authorization: `Bearer ${token}` }, body: lift });
    expect(scoped.status).toBe(403);
    expect((await errorOf(scoped)).message).toBe('This token does not carry the "care" scope.');

    expect((await list('203.0.113.8', {})).status).toBe(401);
    expect((await call('POST', '/api/operator/limits', { body: lift })).status).toBe(401);
    expect(await auditOf('client:203.0.113.8')).toEqual([]);
  });

  it('answers bad input with a 400 that says what to type, nothing held with a 409, and a post from another site with 403', async () => {
    const db = await appDb();
    const { cookie } = await signedInOperator(db, 'care');
    for (const subject of ['', 'not-an-ip', '203.0.113', '203.0.113.999', '10.1', 'qa@', '2001:db8::zz']) {
      const answer = await list(subject, { cookie });
      expect(answer.status, subject).toBe(400);
      expect((await errorOf(answer)).message, subject).toMatch(
        /Enter an IP address \(such as 203\.0\.113\.7 or 2001:db8::1\) or a whole e-mail address\./,
      );
    }
    expect((await call('GET', '/api/operator/limits', { cookie })).status).toBe(400);
    for (const body of [
      {},
      { subject: '203.0.113.9' },
      { subject: 'nope', limit: 'all' },
      { subject: '203.0.113.9', limit: 'everything' },
      { subject: '203.0.113.9', limit: 'all', extra: 1 },
      { subject: 42, limit: 'all' },
    ]) {
      expect((await call('POST', '/api/operator/limits', { cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call('POST', '/api/operator/limits', { cookie, body: { subject: 'a@example.com', limit: 'declines:test' } });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe('There is no limit "declines:test" for this e-mail address.');
    const nothing = await call('POST', '/api/operator/limits', { cookie, body: { subject: '203.0.113.9', limit: 'all' } });
    expect(nothing.status).toBe(409);
    expect((await errorOf(nothing)).code).toBe('nothing_to_lift');

    const crossSite = await call('POST', '/api/operator/limits', {
      cookie,
      body: { subject: '203.0.113.9', limit: 'all' },
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await auditOf('client:203.0.113.9')).toEqual([]);
  });
});
