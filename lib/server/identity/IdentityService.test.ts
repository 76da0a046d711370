import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import {
  DEFAULT_SESSION_IDLE_MS,
  IdentityService,
  LINKS_PER_EMAIL_AND_CLIENT,
  LINKS_PER_EMAIL_CEILING,
  LINKS_PER_EMAIL_PER_DAY_CEILING,
  LINKS_PER_IP,
  LINK_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SESSION_TTL_MS,
} from './IdentityService';
import { MailWorker } from '@/lib/server/mail/MailWorker';
import { OutboxSinkTransport } from '@/lib/server/mail/OutboxSinkTransport';
import { QueueMailer } from '@/lib/server/mail/QueueMailer';
import { maskEmail } from './Mailer';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { newTransactionFixture } from '@/tests/fixtures/transactions';

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
  identity = new IdentityService(db, new QueueMailer(db, async () => undefined, now), now);
});
afterEach(async () => db.destroy());

let ip = 0;
const NONCE = 'n'.repeat(43);

async function request(
  email = 'Ada@Example.com',
  options: { ip?: string; purpose?: 'magic-link' | 'sign-in'; browserNonce?: string; knownBrowser?: string } = {},
) {
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
    browserNonce: options.browserNonce ?? NONCE,
    knownBrowser: options.knownBrowser,
  });
}

/** A signed-in session's token (through a link opened where it was asked for). */
async function signIn(email = 'ada@example.com'): Promise<string> {
  await request(email);
  const opened = await identity.openLink(await latestToken(), NONCE);
  if (opened.kind !== 'signed-in') throw new Error(`not signed in: ${JSON.stringify(opened)}`);
  return opened.session.sessionToken;
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
    // Unused, it lapses after the idle period; used, after 30 days at the latest.
    expect(first.ok && first.expiresOn).toBe(Math.floor((clock + DEFAULT_SESSION_IDLE_MS) / 1000));
    expect(first.ok && first.absoluteExpiresOn).toBe(Math.floor((clock + SESSION_TTL_MS) / 1000));
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
    // Used every few hours, it lasts its 30 days and no longer.
    for (let used = 0; used < SESSION_TTL_MS; used += 12 * 3600_000) {
      expect(await identity.verify(token)).toMatchObject({ ok: true });
      clock += 12 * 3600_000;
    }
    expect(await identity.verify(token)).toEqual({ ok: false, status: 'NOT_AUTHORIZED' });
    expect(await identity.email(token)).toBeNull();
  });

  it(`limits links to ${LINKS_PER_EMAIL_AND_CLIENT} per address per client per 15 minutes`, async () => {
    for (let i = 0; i < LINKS_PER_EMAIL_AND_CLIENT; i += 1) expect(await request('ada@example.com', { ip: '192.0.2.9' })).toBe('sent');
    expect(await request('ADA@example.com', { ip: '192.0.2.9' })).toBe('rate_limited');
    clock += 15 * 60_000;
    expect(await request('ada@example.com', { ip: '192.0.2.9' })).toBe('sent');
  });

  it("does not let a stranger use up the owner's links: the owner's own client still gets one (finding 9)", async () => {
    // Before: five requests for ada's address from anywhere kept ada out for 15 minutes.
    for (let i = 0; i < 10; i += 1) await request('ada@example.com', { ip: '203.0.113.66' });
    expect(await request('ada@example.com', { ip: '203.0.113.66' })).toBe('rate_limited');
    expect(await request('ada@example.com', { ip: '198.51.100.20' })).toBe('sent');
  });

  it(`bounds mail to one address from many clients (${LINKS_PER_EMAIL_CEILING} per 15 minutes), alerting once, but never for a browser that signed in as it`, async () => {
    await request('ada@example.com');
    const used = await identity.consumeLink(await latestToken());
    if (!used.ok) throw new Error(`not signed in: ${used.reason}`);
    clock += 15 * 60_000;
    const alerts = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (let i = 0; i < LINKS_PER_EMAIL_CEILING; i += 1) expect(await request('ada@example.com')).toBe('sent');
      expect(await request('ada@example.com')).toBe('rate_limited');
      expect(await request('ada@example.com')).toBe('rate_limited');
      expect(alerts).toHaveBeenCalledTimes(1);
      expect(String(alerts.mock.calls[0]![0])).toMatch(/^\[security\] sign-in-links-ceiling: a\*\*\*@example\.com was asked more than 15/);
      expect(String(alerts.mock.calls[0]![0])).not.toContain('ada@');
      // The owner's browser, from a client of its own: its links still go out.
      expect(await request('ada@example.com', { knownBrowser: used.knownBrowser })).toBe('sent');
      // A proof for another address, or a made-up one, is no proof.
      expect(await request('ada@example.com', { knownBrowser: 'k'.repeat(43) })).toBe('rate_limited');
      expect(await request('bob@example.com', { knownBrowser: used.knownBrowser })).toBe('sent');
    } finally {
      alerts.mockRestore();
    }
  });

  it(`bounds mail to one address to ${LINKS_PER_EMAIL_PER_DAY_CEILING} a day from browsers it does not know`, async () => {
    const alerts = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      let sent = 0;
      for (let window = 0; window < 8; window += 1) {
        for (let i = 0; i < LINKS_PER_EMAIL_CEILING; i += 1) if ((await request('ada@example.com')) === 'sent') sent += 1;
        clock += 15 * 60_000;
      }
      expect(sent).toBe(LINKS_PER_EMAIL_PER_DAY_CEILING);
      expect(alerts.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining('per day')]);
    } finally {
      alerts.mockRestore();
    }
  });

  it(`limits links to ${LINKS_PER_IP} per IP per 15 minutes, whatever the address`, async () => {
    for (let i = 0; i < LINKS_PER_IP; i += 1) expect(await request(`reader${i}@example.com`, { ip: '192.0.2.9' })).toBe('sent');
    expect(await request('someone@example.com', { ip: '192.0.2.9' })).toBe('rate_limited');
  });

  it('takes another limit per IP when it is configured (SIGN_IN_LINKS_PER_IP)', async () => {
    identity = new IdentityService(db, new QueueMailer(db, async () => undefined, now), now, { linksPerIp: 3 });
    for (let i = 0; i < 3; i += 1) expect(await request(`reader${i}@example.com`, { ip: '192.0.2.7' })).toBe('sent');
    expect(await request('someone@example.com', { ip: '192.0.2.7' })).toBe('rate_limited');
    expect(await request('someone@example.com', { ip: '192.0.2.8' })).toBe('sent');
  });

  it('answers alike for an address it knows and one it does not', async () => {
    await request('known@example.com');
    const known = await identity.consumeLink(await latestToken());
    expect(known.ok).toBe(true);
    expect(await request('known@example.com')).toBe(await request('unknown@example.com'));
  });
});

describe('IdentityService: links bound to the browser that asked', () => {
  it('signs in at once where the link was asked for (its nonce comes back)', async () => {
    await request('ada@example.com');
    const opened = await identity.openLink(await latestToken(), NONCE);
    expect(opened).toMatchObject({ kind: 'signed-in', session: { returnPath: '/epicurious/demo-preauth/cart?livemode=false' } });
    expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it.each([
    ['another browser (no nonce)', undefined],
    ["another browser's nonce", 'o'.repeat(43)],
    ['a malformed nonce', 'short'],
  ])('opened in %s, asks to confirm the address and changes nothing', async (_name, nonce) => {
    await request('Ada@Example.com');
    const token = await latestToken();
    expect(await identity.openLink(token, nonce)).toEqual({ kind: 'confirm', email: 'ada@example.com' });
    expect(await identity.openLink(token, nonce)).toEqual({ kind: 'confirm', email: 'ada@example.com' });
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('sign_in_links').select('consumed_at').executeTakeFirst()).toEqual({ consumed_at: null });
    // The confirmation (consumeLink, the POST) then signs in, once.
    expect(await identity.consumeLink(token)).toMatchObject({ ok: true });
    expect(await identity.openLink(token, NONCE)).toEqual({ kind: 'failed', reason: 'used' });
  });

  it('keeps only a hash of the nonce, and a link asked without one always asks to confirm', async () => {
    await request('ada@example.com');
    const [row] = await db.selectFrom('sign_in_links').selectAll().execute();
    expect(row!.browser_nonce_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(NONCE);

    clock += 1; // its own time, so that it is the latest mail
    await identity.requestLink({
      email: 'old@example.com',
      purpose: 'magic-link',
      returnPath: '/epicurious/demo-preauth',
      ip: '10.9.9.9',
      origin: 'http://localhost:3000',
      completePath: '/epicurious/demo-preauth/auth/complete',
      brandName: 'Epicurious',
    });
    expect(await identity.openLink(await latestToken(), NONCE)).toEqual({ kind: 'confirm', email: 'old@example.com' });
  });

  it.each([
    ['used', async (token: string) => void (await identity.consumeLink(token)), 'used'],
    ['expired', async () => void (clock += LINK_TTL_MS), 'expired'],
  ] as const)('says a link is %s, even in the browser that asked, and changes nothing', async (_name, change, reason) => {
    await request();
    const token = await latestToken();
    await change(token);
    const sessions = (await db.selectFrom('sessions').selectAll().execute()).length;
    expect(await identity.openLink(token, NONCE)).toEqual({ kind: 'failed', reason });
    expect(await identity.openLink(token, undefined)).toEqual({ kind: 'failed', reason });
    expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(sessions);
  });

  it('calls a token that was never a link invalid', async () => {
    expect(await identity.openLink('A'.repeat(43), NONCE)).toEqual({ kind: 'failed', reason: 'invalid' });
    expect(await identity.openLink('not a token', NONCE)).toEqual({ kind: 'failed', reason: 'invalid' });
  });
});

describe('IdentityService: idle sessions', () => {
  const lastSeen = async () => (await db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at;

  it('ends a session unused for the idle period, and deletes it', async () => {
    const token = await signIn();
    clock += DEFAULT_SESSION_IDLE_MS - 1;
    expect(await identity.verify(token)).toMatchObject({ ok: true });
    clock += DEFAULT_SESSION_IDLE_MS;
    expect(await identity.verify(token)).toEqual({ ok: false, status: 'NOT_AUTHORIZED' });
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await identity.verify(token)).toEqual({ ok: false, status: 'INVALID' });
  });

  it('takes its idle period from the settings', async () => {
    identity = new IdentityService(db, new QueueMailer(db, async () => undefined, now), now, {
      sessionIdleMs: 30 * 60_000,
    });
    const token = await signIn();
    clock += 30 * 60_000;
    expect(await identity.verify(token)).toEqual({ ok: false, status: 'NOT_AUTHORIZED' });
  });

  it('records a use at most every few minutes, and answers when the session lapses if unused', async () => {
    const token = await signIn();
    const signedInAt = await lastSeen();
    clock += SESSION_TOUCH_INTERVAL_MS - 1;
    expect(await identity.verify(token)).toMatchObject({
      ok: true,
      expiresOn: Math.floor((Date.parse(signedInAt!) + DEFAULT_SESSION_IDLE_MS) / 1000),
    });
    expect(await lastSeen()).toBe(signedInAt);
    clock += 1;
    const verified = await identity.verify(token);
    expect(await lastSeen()).toBe(new Date(clock).toISOString());
    expect(verified).toMatchObject({ ok: true, expiresOn: Math.floor((clock + DEFAULT_SESSION_IDLE_MS) / 1000) });
  });

  it('reads a session made before the idle timeout (no last use recorded) from its creation', async () => {
    const token = await signIn();
    await db.updateTable('sessions').set({ last_seen_at: null }).execute();
    expect(await identity.verify(token)).toMatchObject({ ok: true });
    clock += DEFAULT_SESSION_IDLE_MS;
    expect(await identity.verify(token)).toEqual({ ok: false, status: 'NOT_AUTHORIZED' });
  });
});

describe('IdentityService: signing out', () => {
  it('ends this session only, and takes no session, a malformed or an unknown one without complaint', async () => {
    const phone = await signIn();
    const laptop = await signIn();
    await identity.signOut(phone);
    expect(await identity.verify(phone)).toEqual({ ok: false, status: 'INVALID' });
    expect(await identity.verify(laptop)).toMatchObject({ ok: true });
    await expect(identity.signOut(phone)).resolves.toBeUndefined();
    await expect(identity.signOut(undefined)).resolves.toBeUndefined();
    await expect(identity.signOut('nope')).resolves.toBeUndefined();
  });

  it("ends every session of the user everywhere, and no one else's", async () => {
    const phone = await signIn('ada@example.com');
    const laptop = await signIn('ada@example.com');
    const other = await signIn('grace@example.com');
    expect(await identity.signOutEverywhere(laptop)).toBe(2);
    expect(await identity.verify(phone)).toEqual({ ok: false, status: 'INVALID' });
    expect(await identity.verify(laptop)).toEqual({ ok: false, status: 'INVALID' });
    expect(await identity.verify(other)).toMatchObject({ ok: true });
    expect(await identity.signOutEverywhere(laptop)).toBe(0);
    expect(await identity.signOutEverywhere(undefined)).toBe(0);
  });

  it('lets a lapsed session end only itself', async () => {
    const old = await signIn('ada@example.com');
    clock += DEFAULT_SESSION_IDLE_MS - SESSION_TOUCH_INTERVAL_MS;
    const fresh = await signIn('ada@example.com');
    clock += SESSION_TOUCH_INTERVAL_MS;
    expect(await identity.signOutEverywhere(old)).toBe(1);
    expect(await identity.verify(fresh)).toMatchObject({ ok: true });
  });
});

describe('IdentityService: what the address bought signed out', () => {
  /** A paid order's subscription, bought signed in as `buyer` or signed out (null), billed to `billing`; answers its id. */
  async function bought(id: string, billing: string, buyer: string | null = null): Promise<string> {
    const transactions = new TransactionRepository(db, now);
    await transactions.create(
      newTransactionFixture({ id, buyerIdentity: buyer, customer: { ...newTransactionFixture({ id }).customer, email: billing } }),
    );
    await transactions.markSucceeded(id, `pi_${id}`);
    return (await transactions.findById(id))!.subscriptionId!;
  }
  const owners = async () =>
    Object.fromEntries(
      (await db.selectFrom('subscriptions').select(['transaction_id', 'owner_email', 'updated_at']).execute()).map((row) => [
        row.transaction_id,
        row,
      ]),
    );

  beforeEach(async () => {
    await bought('txn_signed_out', 'Ada@Example.com');
    await bought('txn_someone_else', 'cy@example.com');
    await bought('txn_bobs', 'ada@example.com', 'bob@example.com');
    clock += 60_000;
  });

  it('becomes theirs when the link is opened in the browser that asked for it, with the session', async () => {
    await request('ada@example.com');
    expect((await identity.openLink(await latestToken(), NONCE)).kind).toBe('signed-in');
    expect(await owners()).toMatchObject({
      txn_signed_out: { owner_email: 'ada@example.com', updated_at: now().toISOString() },
      // Another address's stays unowned; one bought signed in stays its buyer's, whatever its billing address.
      txn_someone_else: { owner_email: null },
      txn_bobs: { owner_email: 'bob@example.com' },
    });
  });

  it('stays unowned while the link only asks to confirm elsewhere, and becomes theirs once it is confirmed', async () => {
    await request('ada@example.com');
    const token = await latestToken();
    expect((await identity.openLink(token, undefined)).kind).toBe('confirm');
    expect((await owners()).txn_signed_out).toMatchObject({ owner_email: null });
    expect(await identity.consumeLink(token)).toMatchObject({ ok: true });
    expect((await owners()).txn_signed_out).toMatchObject({ owner_email: 'ada@example.com' });
  });

  it('stays unowned, with the link unused, when the session cannot be written: one transaction', async () => {
    await request('ada@example.com');
    const token = await latestToken();
    await db.schema.dropTable('sessions').execute();
    await expect(identity.consumeLink(token)).rejects.toThrow();
    expect((await owners()).txn_signed_out).toMatchObject({ owner_email: null });
    expect(await db.selectFrom('sign_in_links').select('consumed_at').executeTakeFirstOrThrow()).toEqual({ consumed_at: null });
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('is theirs at once when bought after the address has signed in', async () => {
    await signIn('ada@example.com');
    await bought('txn_after', 'Ada@Example.com');
    expect((await owners()).txn_after).toMatchObject({ owner_email: 'ada@example.com' });
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
