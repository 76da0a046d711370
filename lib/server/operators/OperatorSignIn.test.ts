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
import { FAILURE_WINDOW_MS, FAILURES_PER_OPERATOR, OPERATOR_IDLE_MS, OperatorSignIn } from './OperatorSignIn';
import { TotpSecretBox } from './totpSecretBox';

const CLI = { operatorId: null, label: 'command line' };
const CLIENT = '10.0.0.1';

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
    const done = await signIn.giveFactor(first.sessionToken, await codeAt(secret), CLIENT);
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
    // Sealed on the pending session; the operator has none until a code confirms it.
    const pendingRow = await db.selectFrom('operator_sessions').select('enrol_totp_secret').executeTakeFirstOrThrow();
    expect(pendingRow.enrol_totp_secret).toMatch(/^v1\./);
    expect(pendingRow.enrol_totp_secret).not.toContain(enrolment.secret);
    expect((await db.selectFrom('operators').select('totp_secret').executeTakeFirstOrThrow()).totp_secret).toBeNull();

    expect(await signIn.giveFactor(first.sessionToken, '000000', CLIENT)).toMatchObject({ ok: false, reason: 'wrong' });
    const done = await signIn.giveFactor(first.sessionToken, await codeAt(enrolment.secret), CLIENT);
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
    expect((await signIn.giveFactor(second.sessionToken, code, CLIENT)).ok).toBe(true);
    const third = await pending();
    expect(await signIn.giveFactor(third.sessionToken, code, CLIENT)).toMatchObject({ ok: false, reason: 'wrong' });
    const byRecovery = await signIn.giveFactor(third.sessionToken, recoveryCodes[0]!.toUpperCase(), CLIENT);
    expect(byRecovery).toMatchObject({ ok: true, usedRecoveryCode: true });
    const fourth = await pending();
    expect(await signIn.giveFactor(fourth.sessionToken, recoveryCodes[0]!, CLIENT)).toMatchObject({ ok: false, reason: 'wrong' });
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
      expect(await signIn.giveFactor(next.sessionToken, '123456', CLIENT)).toMatchObject({
        reason: 'wrong',
        attemptsLeft: FAILURES_PER_OPERATOR - i,
      });
    }
    expect(await signIn.giveFactor(next.sessionToken, '123456', CLIENT)).toMatchObject({ ok: false, reason: 'locked' });
    expect(await signIn.giveFactor(next.sessionToken, await codeAt(secret), CLIENT)).toMatchObject({ ok: false, reason: 'locked' });
    expect(alarm).toHaveBeenCalledWith('an operator was locked after wrong codes', expect.anything());
  });

  it('past the shared failure limit raises the alarm once, and refuses no one (finding 3)', async () => {
    const { secret } = await enrolled();
    for (let i = 0; i < 13; i++) await signIn.countFailure('api-token');
    tick(60_000);
    const next = await pending();
    expect(await signIn.giveFactor(next.sessionToken, await codeAt(secret), CLIENT)).toMatchObject({ ok: true });
    expect(alarm).toHaveBeenCalledTimes(1);
    expect(alarm.mock.calls[0]?.[0]).toMatch(/this locks no one/);
  });

  it("wrong codes lock the client that sent them, not another client's sign-in (finding 3)", async () => {
    const { secret } = await enrolled();
    for (const name of ['bo', 'cy']) {
      await new OperatorDirectory(db, () => clock).add({ email: `${name}@example.com`, name, role: 'admin' }, CLI);
    }
    tick(60_000);
    const bo = await pending('bo@example.com');
    const boSecret = (await signIn.enrolment(bo.sessionToken))!.secret;
    const cy = await pending('cy@example.com');
    const ana = await pending();
    // Ten wrong codes from one client, spread so that no operator reaches a lock of its own.
    for (const [session, times] of [
      [bo, 4],
      [cy, 4],
      [ana, 2],
    ] as const) {
      for (let i = 0; i < times; i++)
        expect(await signIn.giveFactor(session.sessionToken, '111111', 'attacker')).toMatchObject({ reason: 'wrong' });
    }
    // Past them, that client's right code is refused unread; Ana's own client signs her in.
    expect(await signIn.giveFactor(bo.sessionToken, await codeAt(boSecret), 'attacker')).toMatchObject({ ok: false, reason: 'throttled' });
    expect(await signIn.giveFactor(ana.sessionToken, await codeAt(secret), CLIENT)).toMatchObject({ ok: true });
  });

  it('makes a new enrolment secret for each sign-in link: a code from an earlier QR code never enrols (finding 2)', async () => {
    const first = await pending();
    const seen = (await signIn.enrolment(first.sessionToken))!.secret;
    tick(60_000);
    const second = await pending();
    const own = (await signIn.enrolment(second.sessionToken))!.secret;
    expect(own).not.toBe(seen);
    expect(await signIn.giveFactor(second.sessionToken, await codeAt(seen), CLIENT)).toMatchObject({ ok: false, reason: 'wrong' });
    const done = await signIn.giveFactor(second.sessionToken, await codeAt(own), CLIENT);
    expect(done.ok).toBe(true);
    // The first session's secret died with the enrolment of another: neither it nor a later sign-in takes its codes.
    tick(60_000);
    expect(await signIn.giveFactor(first.sessionToken, await codeAt(seen), CLIENT)).toMatchObject({ ok: false, reason: 'no-session' });
    const later = await pending();
    expect(later.stage).toBe('factor');
    expect(await signIn.giveFactor(later.sessionToken, await codeAt(seen), CLIENT)).toMatchObject({ ok: false, reason: 'wrong' });
    expect((await signIn.giveFactor(later.sessionToken, await codeAt(own), CLIENT)).ok).toBe(true);
  });

  it('records the client on the sign-in, each wrong code and the lock (finding 4)', async () => {
    const { secret } = await enrolled();
    tick(60_000);
    const next = await pending();
    for (let i = 0; i < FAILURES_PER_OPERATOR; i++) await signIn.giveFactor(next.sessionToken, '123456', '192.0.2.7');
    tick(FAILURE_WINDOW_MS);
    const after = await pending();
    expect((await signIn.giveFactor(after.sessionToken, await codeAt(secret), '198.51.100.3')).ok).toBe(true);
    const entries = await readAudit(db, { limit: 50 });
    const clientsOf = (action: string) => entries.filter((e) => e.action === action).map((e) => e.client);
    expect(clientsOf('operator.wrong-code')).toEqual(Array(FAILURES_PER_OPERATOR).fill('192.0.2.7'));
    expect(clientsOf('operator.locked')).toEqual(['192.0.2.7']);
    expect(clientsOf('operator.signed-in')).toEqual(['198.51.100.3', CLIENT]);
    expect(clientsOf('operator.factor-enrolled')).toEqual([CLIENT]);
  });

  it('a step-up takes a current code in a signed-in session, records when and who, and counts wrong codes', async () => {
    const { secret, session, recoveryCodes } = await enrolled();
    const signedInAt = (await signIn.session(session))!.factorVerifiedAt;
    expect(signedInAt).toBe(clock.toISOString());
    tick(10 * 60_000);
    expect(await signIn.stepUp(session, '000000', '192.0.2.9')).toMatchObject({ ok: false, reason: 'wrong', attemptsLeft: 4 });
    expect(await signIn.stepUp(session, await codeAt(secret), '192.0.2.9')).toEqual({ ok: true, usedRecoveryCode: false });
    expect((await signIn.session(session))!.factorVerifiedAt).toBe(clock.toISOString());
    tick(60_000);
    expect(await signIn.stepUp(session, recoveryCodes[1]!, '192.0.2.9')).toEqual({ ok: true, usedRecoveryCode: true });
    expect(await signIn.stepUp('not-a-session', await codeAt(secret), '192.0.2.9')).toMatchObject({ ok: false, reason: 'no-session' });
    const entries = await readAudit(db, { limit: 10 });
    expect(entries.slice(0, 4).map((e) => [e.action, e.client])).toEqual([
      ['operator.stepped-up', '192.0.2.9'],
      ['operator.recovery-code-used', '192.0.2.9'],
      ['operator.stepped-up', '192.0.2.9'],
      ['operator.wrong-code', '192.0.2.9'],
    ]);
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
