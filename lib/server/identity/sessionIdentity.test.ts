import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import { IdentityService } from './IdentityService';
import { QueueMailer } from '@/lib/server/mail/QueueMailer';
import { builtinSessionIdentity, externalSessionIdentity } from './sessionIdentity';

const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
let server: http.Server;
let origin: string;

beforeAll(async () => {
  // A stand-in for an external identity service with the spec's contract.
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const signedIn = (req.headers.cookie ?? '').includes('session=good');
    res.setHeader('content-type', 'application/json');
    if (req.url === '/martech/api/user/v2/authenticate/verify') {
      if ((req.headers.cookie ?? '').includes('session=slow')) return setTimeout(() => res.end('{}'), 500);
      if (signedIn) return res.end(JSON.stringify({ amgUUID: 'ext-1', expires_on: 1_900_000_000 }));
      res.statusCode = 401;
      return res.end(JSON.stringify({ error: { code: 401, status: 'NOT_AUTHORIZED' } }));
    }
    if (req.url === '/martech/api/user/v2/profile' && signedIn) return res.end(JSON.stringify({ email: 'Ada@Example.com' }));
    res.statusCode = signedIn ? 500 : 401;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('externalSessionIdentity', () => {
  it('calls verify with the cookies, JSON headers and livemode, and relays a valid session', async () => {
    const identity = externalSessionIdentity(origin);
    expect(await identity.verify('session=good; other=1', 'false')).toEqual({
      status: 200,
      body: { amgUUID: 'ext-1', expires_on: 1_900_000_000 },
    });
    expect(seen.at(-1)).toMatchObject({
      path: '/martech/api/user/v2/authenticate/verify',
      headers: expect.objectContaining({
        cookie: 'session=good; other=1',
        accept: 'application/json',
        'content-type': 'application/json',
        livemode: 'false',
      }),
    });
  });

  it('relays the 401 status the service names', async () => {
    expect(await externalSessionIdentity(origin).verify('session=bad', 'true')).toEqual({
      status: 401,
      body: { error: { code: 401, status: 'NOT_AUTHORIZED' } },
    });
  });

  it('treats a service that does not answer in time, or is down, as a failed call', async () => {
    expect(await externalSessionIdentity(origin, 100).verify('session=slow', 'true')).toMatchObject({ status: 502 });
    expect(await externalSessionIdentity('http://127.0.0.1:1').verify('session=good', 'true')).toMatchObject({ status: 502 });
  });

  it('reads the e-mail from the profile call', async () => {
    expect(await externalSessionIdentity(origin).email('session=good')).toBe('ada@example.com');
    expect(await externalSessionIdentity(origin).email('session=bad')).toBeNull();
  });

  it("sends none of the journey's own cookies (cart, consent, receipt), and makes no call without a cookie of its own", async () => {
    const identity = externalSessionIdentity(origin);
    await identity.verify('pj_cart_vogue-demo-single=%7B%7D; session=good; pj_consent=v1:C0001; pj_receipt=txn', 'true');
    expect(seen.at(-1)!.headers).toMatchObject({ cookie: 'session=good' });
    const calls = seen.length;
    expect(await identity.email('pj_cart_vogue-demo-single=%7B%7D; pj_consent=v1:C0001')).toBeNull();
    expect(await identity.email(undefined)).toBeNull();
    expect(seen).toHaveLength(calls);
  });
});

describe('builtinSessionIdentity', () => {
  it("reads the token under the site's name and renews the readable expiry with each answer", async () => {
    const db = await testDb();
    const identity = new IdentityService(
      db,
      new QueueMailer(
        db,
        async () => undefined,
        () => new Date(),
      ),
    );
    await identity.requestLink({
      email: 'ada@example.com',
      purpose: 'sign-in',
      returnPath: '/account',
      ip: '10.0.0.1',
      origin: 'https://shop.example.com',
      completePath: '/account/sign-in/complete',
      brandName: 'your account',
    });
    const mail = await db.selectFrom('outbox').select('link').executeTakeFirstOrThrow();
    const used = await identity.consumeLink(new URL(mail.link!).searchParams.get('token')!);
    const token = used.ok ? used.sessionToken : '';

    const https = builtinSessionIdentity(identity, true);
    expect((await https.verify(`CN_token_access=${token}`, undefined)).status).toBe(401);
    const answer = await https.verify(`__Host-CN_token_access=${token}`, undefined);
    expect(answer).toMatchObject({ status: 200, body: { expires_on: used.ok ? used.expiresOn : 0 } });
    expect(answer.status === 200 && answer.setCookies).toEqual([
      expect.stringMatching(/^CN_token_access_expires=\d+; Path=\/; Expires=.*; Secure; SameSite=Lax$/),
    ]);
    expect(await https.email(`__Host-CN_token_access=${token}`)).toBe('ada@example.com');
    expect(await builtinSessionIdentity(identity, false).email(`CN_token_access=${token}`)).toBe('ada@example.com');
    await db.destroy();
  });
});
