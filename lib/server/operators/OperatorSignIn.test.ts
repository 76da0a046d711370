import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { readAudit } from './auditLog';
import type { Alarm } from './failureAlarm';
import { OperatorDirectory } from './OperatorDirectory';
import { FAILURES_PER_OPERATOR, OPERATOR_IDLE_MS, OperatorSignIn } from './OperatorSignIn';
import { TotpSecretBox } from './totpSecretBox';

const CLI = { operatorId: null, label: 'command line' };

describe('OperatorSignIn', () => {
  let db: Kysely<Database>;
  let clock: Date;
  let mails: MailMessage[];
  let alarm: ReturnType<typeof vi.fn<Alarm>>;
  let signIn: OperatorSignIn;
  const box = new TotpSecretBox(randomBytes(32));

  const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const codeAt = (secret: string, at = clock) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
  const linkToken = () => /token=([\w-]+)/.exec(mails.at(-1)!.text)![1]!;

  async function pending(email = 'ana@example.com') {
    mails.length = 0;
    expect(await signIn.requestLink({ email, client: '10.0.0.1', origin: 'https://shop.example' })).toBe('sent');
    const used = await signIn.useLink(linkToken());
    if (!used.ok) throw new Error(used.reason);
    return used;
  }

  async function enrolled() {
    const first = await pending();
    const { secret } = (await signIn.enrolment(first.sessionToken))!;
    const done = await signIn.giveFactor(first.sessionToken, await codeAt(secret));
    if (!done.ok) throw new Error(done.reason);
    return { secret, session: done.sessionToken, recoveryCodes: done.recoveryCodes! };
  }

  beforeEach(async () => {
    db = await testDb();
    clock = new Date('2026-11-27T09:00:00Z');
    mails = [];
    alarm = vi.fn<Alarm>();
    signIn = new OperatorSignIn(
      db,
      { send: async (m) => void mails.push(m) },
      async () => box,
      alarm,
      { globalFailureLimit: 12 },
      () => clock,
    );
    await new OperatorDirectory(db, () => clock).add({ email: 'Ana@Example.com', name: 'Ana', role: 'care' }, CLI);
  });

  it('mails a link only to an operator, and answers alike for anyone', async () => {
    expect(await signIn.requestLink({ email: 'stranger@example.com', client: 'c', origin: 'https://shop.example' })).toBe('sent');
    expect(mails).toHaveLength(0);
    expect(await signIn.requestLink({ email: ' ana@example.com ', client: 'c', origin: 'https://shop.example' })).toBe('sent');
    expect(mails[0]?.to).toBe('ana@example.com');
    expect(mails[0]?.kind).toBe('operator-sign-in');
    expect(mails[0]?.text).toContain('https://shop.example/admin/sign-in/link?token=');
  });

  it('a link works once and for 15 minutes; it leads to the second factor, not into the back office', async () => {
    await signIn.requestLink({ email: 'ana@example.com', client: 'c', origin: 'https://x' });
    const token = linkToken();
    const used = await signIn.useLink(token);
    expect(used).toMatchObject({ ok: true, stage: 'enrol' });
    expect(await signIn.useLink(token)).toEqual({ ok: false, reason: 'used' });
    expect((await signIn.session(used.ok ? used.sessionToken : ''))?.stage).toBe('enrol');
    await signIn.requestLink({ email: 'ana@example.com', client: 'c', origin: 'https://x' });
    tick(15 * 60_000);
    expect(await signIn.useLink(linkToken())).toEqual({ ok: false, reason: 'expired' });
    expect(await signIn.useLink('made-up')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('enrols with the first code, gives ten recovery codes once, and signs in under a new token', async () => {
    const first = await pending();
    const enrolment = (await signIn.enrolment(first.sessionToken))!;
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/.*ana%40example\.com\?secret=/);
    expect((await signIn.enrolment(first.sessionToken))?.secret).toBe(enrolment.secret);
    const stored = await db.selectFrom('operators').select('totp_secret').executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(enrolment.secret);

    expect(await signIn.giveFactor(first.sessionToken, '000000')).toMatchObject({ ok: false, reason: 'wrong' });
    const done = await signIn.giveFactor(first.sessionToken, await codeAt(enrolment.secret));
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(done.recoveryCodes).toHaveLength(10);
    expect(await signIn.session(first.sessionToken)).toBeNull();
    expect((await signIn.session(done.sessionToken))?.stage).toBe('signed-in');
    const actions = (await readAudit(db, { limit: 10 })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.factor-enrolled', 'operator.signed-in']));
  });

  it('afterwards asks for a code, accepts each code once, and each recovery code once', async () => {
    const { secret, recoveryCodes } = await enrolled();
    tick(60_000);
    const second = await pending();
    expect(second.stage).toBe('factor');
    const code = await codeAt(secret);
    expect((await signIn.giveFactor(second.sessionToken, code)).ok).toBe(true);
    const third = await pending();
    expect(await signIn.giveFactor(third.sessionToken, code)).toMatchObject({ ok: false, reason: 'wrong' });
    const byRecovery = await signIn.giveFactor(third.sessionToken, recoveryCodes[0]!.toUpperCase());
    expect(byRecovery).toMatchObject({ ok: true, usedRecoveryCode: true });
    const fourth = await pending();
    expect(await signIn.giveFactor(fourth.sessionToken, recoveryCodes[0]!)).toMatchObject({ ok: false, reason: 'wrong' });
  });

  it('ends a signed-in session after 30 minutes unused, keeps it while used', async () => {
    const { session } = await enrolled();
    tick(OPERATOR_IDLE_MS - 60_000);
    expect(await signIn.session(session)).not.toBeNull();
    tick(OPERATOR_IDLE_MS - 60_000);
    expect(await signIn.session(session)).not.toBeNull();
    tick(OPERATOR_IDLE_MS);
    expect(await signIn.session(session)).toBeNull();
  });

  it('locks an operator after five wrong codes, with an alarm', async () => {
    const { secret } = await enrolled();
    tick(60_000);
    const next = await pending();
    for (let i = 1; i < FAILURES_PER_OPERATOR; i++) {
      expect(await signIn.giveFactor(next.sessionToken, '123456')).toMatchObject({
        reason: 'wrong',
        attemptsLeft: FAILURES_PER_OPERATOR - i,
      });
    }
    expect(await signIn.giveFactor(next.sessionToken, '123456')).toMatchObject({ ok: false, reason: 'locked' });
    expect(await signIn.giveFactor(next.sessionToken, await codeAt(secret))).toMatchObject({ ok: false, reason: 'locked' });
    expect(alarm).toHaveBeenCalledWith('an operator was locked after wrong codes', expect.anything());
  });

  it('refuses every code past the shared failure limit and raises the alarm once', async () => {
    const { secret } = await enrolled();
    await new OperatorDirectory(db, () => clock).add({ email: 'bo@example.com', name: 'Bo', role: 'admin' }, CLI);
    for (let i = 0; i < 13; i++) await signIn.countFailure('api-token');
    tick(60_000);
    const next = await pending();
    expect(await signIn.giveFactor(next.sessionToken, await codeAt(secret))).toMatchObject({ ok: false, reason: 'throttled' });
    expect(alarm).toHaveBeenCalledTimes(1);
    expect(alarm.mock.calls[0]?.[0]).toMatch(/too many failed operator sign-ins/);
  });

  it('a stranger asking for links from elsewhere does not stop the operator asking', async () => {
    for (let i = 0; i < 8; i++) await signIn.requestLink({ email: 'ana@example.com', client: `stranger-${i % 2}`, origin: 'https://x' });
    expect(await signIn.requestLink({ email: 'ana@example.com', client: 'office', origin: 'https://x' })).toBe('sent');
  });

  it('a disabled operator gets no link and loses the session', async () => {
    const { session } = await enrolled();
    const ana = (await new OperatorDirectory(db, () => clock).byEmail('ana@example.com'))!;
    await new OperatorDirectory(db, () => clock).update(ana.id, { disabled: true }, CLI);
    expect(await signIn.session(session)).toBeNull();
    mails.length = 0;
    await signIn.requestLink({ email: 'ana@example.com', client: 'c2', origin: 'https://x' });
    expect(mails).toHaveLength(0);
  });
});
