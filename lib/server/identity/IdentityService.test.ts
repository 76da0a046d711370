import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { IdentityService, LINKS_PER_EMAIL, LINKS_PER_IP, LINK_TTL_MS, SESSION_TTL_MS } from './IdentityService';
import { MailWorker } from '@/lib/server/mail/MailWorker';
import { OutboxSinkTransport } from '@/lib/server/mail/OutboxSinkTransport';
import { QueueMailer } from '@/lib/server/mail/QueueMailer';
import { maskEmail } from './Mailer';

let db: Kysely<Database>;
let clock: number;
let logs: string[];
let identity: IdentityService;
let mailWorker: MailWorker;
const now = () => new Date(clock);

beforeEach(async () => {
  db = await testDb();
  clock = Date.parse('2026-11-21T12:00:00Z');
  logs = [];
  mailWorker = new MailWorker(db, new OutboxSinkTransport((line) => logs.push(line)), { clock: now });
  identity = new IdentityService(db, new QueueMailer(db, mailWorker, now), now);
});
afterEach(async () => db.destroy());

let ip = 0;
async function request(email = 'Ada@Example.com', options: { ip?: string; purpose?: 'magic-link' | 'sign-in' } = {}) {
  ip += 1;
  clock += 1; // each mail gets its own time, so that the latest is found
  return identity.requestLink({
    email,
    purpose: options.purpose ?? 'magic-link',
    returnPath: '/epicurious/demo-preauth/cart?livemode=false',
    ip: options.ip ?? `10.0.0.${ip}`,
    origin: 'http://localhost:3000',
    completePath: '/epicurious/demo-preauth/auth/complete',
    brandName: 'Epicurious',
  });
}

async function latestToken(): Promise<string> {
  const mail = await db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return new URL(mail.link!).searchParams.get('token')!;
}

describe('IdentityService', () => {
  it('sends a single-use link to the outbox and the log, with the address masked in the log', async () => {
    expect(await request()).toBe('sent');
    await mailWorker.drainOnce();
    const [mail] = await db.selectFrom('outbox').selectAll().execute();
    expect(mail).toMatchObject({ to_email: 'ada@example.com', subject: 'Continue with Epicurious' });
    expect(mail!.link).toMatch(/^http:\/\/localhost:3000\/epicurious\/demo-preauth\/auth\/complete\?token=[A-Za-z0-9_-]{43}$/);
    expect(logs).toEqual([`[outbox] "Continue with Epicurious" for a***@example.com: ${mail!.link}`]);
    const token = await latestToken();
    expect(JSON.stringify(await db.selectFrom('sign_in_links').selectAll().execute())).not.toContain(token);
  });

  it('writes the sign-in purpose into the subject', async () => {
    await request('reader@example.com', { purpose: 'sign-in' });
    expect((await db.selectFrom('outbox').select('subject').executeTakeFirstOrThrow()).subject).toBe('Sign in to Epicurious');
  });

  it('turns a link into a session once, for a new or a known address', async () => {
    await request();
    const first = await identity.consumeLink(await latestToken());
    expect(first).toMatchObject({ ok: true, returnPath: '/epicurious/demo-preauth/cart?livemode=false' });
    expect(first.ok && first.expiresOn).toBe(Math.floor((clock + SESSION_TTL_MS) / 1000));
    await request();
    const second = await identity.consumeLink(await latestToken());
    const users = await db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    const a = first.ok ? await identity.verify(first.sessionToken) : null;
    const b = second.ok ? await identity.verify(second.sessionToken) : null;
    expect(a).toMatchObject({ ok: true, amgUUID: users[0]!.id });
    expect(b).toMatchObject({ ok: true, amgUUID: users[0]!.id });
  });

  it.each([
    ['used twice', async (token: string) => (await identity.consumeLink(token), token), 'used'],
    ['expired', async (token: string) => ((clock += LINK_TTL_MS), token), 'expired'],
    ['tampered', async (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'invalid'],
    ['malformed', async () => 'not a token', 'invalid'],
  ] as const)('refuses a link that is %s', async (_name, change, reason) => {
    await request();
    const token = await change(await latestToken());
    expect(await identity.consumeLink(token)).toEqual({ ok: false, reason });
  });

  it('uses a link once even when it is opened twice at the same time', async () => {
    await request();
    const token = await latestToken();
    const results = await Promise.all([identity.consumeLink(token), identity.consumeLink(token), identity.consumeLink(token)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it.each([
    ['no token', undefined, 'MISSING'],
    ['a malformed token', 'abc', 'INVALID'],
    ['an unknown token', 'A'.repeat(43), 'INVALID'],
  ])('verify answers %s with %s', async (_name, token, status) => {
    expect(await identity.verify(token)).toEqual({ ok: false, status });
  });

  it('verify answers NOT_AUTHORIZED once the session has expired, and the profile goes with it', async () => {
    await request();
    const session = await identity.consumeLink(await latestToken());
    const token = session.ok ? session.sessionToken : '';
    expect(await identity.email(token)).toBe('ada@example.com');
    clock += SESSION_TTL_MS;
    expect(await identity.verify(token)).toEqual({ ok: false, status: 'NOT_AUTHORIZED' });
    expect(await identity.email(token)).toBeNull();
  });

  it(`limits links to ${LINKS_PER_EMAIL} per address per 15 minutes, whatever the IP`, async () => {
    for (let i = 0; i < LINKS_PER_EMAIL; i += 1) expect(await request('ada@example.com')).toBe('sent');
    expect(await request('ADA@example.com')).toBe('rate_limited');
    clock += 15 * 60_000;
    expect(await request('ada@example.com')).toBe('sent');
  });

  it(`limits links to ${LINKS_PER_IP} per IP per 15 minutes, whatever the address`, async () => {
    for (let i = 0; i < LINKS_PER_IP; i += 1) expect(await request(`reader${i}@example.com`, { ip: '192.0.2.9' })).toBe('sent');
    expect(await request('someone@example.com', { ip: '192.0.2.9' })).toBe('rate_limited');
  });

  it('answers alike for an address it knows and one it does not', async () => {
    await request('known@example.com');
    const known = await identity.consumeLink(await latestToken());
    expect(known.ok).toBe(true);
    expect(await request('known@example.com')).toBe(await request('unknown@example.com'));
  });
});

describe('maskEmail', () => {
  it.each([
    ['ada@example.com', 'a***@example.com'],
    ['x@y.org', 'x***@y.org'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
