import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '@/lib/server/db/schema';
import { matchesHash, newSecret, sha256 } from '@/lib/server/ids';
import type { Mailer } from '@/lib/server/identity/Mailer';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { operatorSignInMail } from '@/lib/server/mail/templates/operatorSignInMail';
import { appendAudit } from './auditLog';
import type { Alarm } from './failureAlarm';
import { issueOperatorLink, OPERATOR_LINK_TTL_MS } from './operatorLinks';
import { operatorRowByEmail, operatorRowById, toOperator, type Operator, type OperatorRow } from './operatorRecords';
import type { TotpSecretBox } from './totpSecretBox';

/** Between the link and the second factor: long enough to find the phone. */
export const PENDING_SESSION_TTL_MS = 10 * 60_000;
export const OPERATOR_IDLE_MS = 30 * 60_000;
export const OPERATOR_SESSION_MAX_MS = 12 * 3600_000;
const TOUCH_INTERVAL_MS = 60_000;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Wrong codes one operator may give before the account locks for FAILURE_WINDOW_MS. */
export const FAILURES_PER_OPERATOR = 5;
export const LINKS_PER_CLIENT = 10;
export const LINKS_PER_ADDRESS_AND_CLIENT = 5;
const RECOVERY_CODES = 10;
const TOTP_ISSUER = 'Subscriptions back office';

export type SessionStage = 'enrol' | 'factor' | 'signed-in';

export interface OperatorSession {
  operator: Operator;
  stage: SessionStage;
  /** When it ends if unused from now on. */
  expiresAt: string;
}

export type LinkOutcome = { ok: true; sessionToken: string; stage: SessionStage } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

export type FactorOutcome =
  | { ok: true; sessionToken: string; recoveryCodes?: string[]; usedRecoveryCode?: boolean }
  | {
      ok: false;
      reason: 'wrong' | 'locked' | 'throttled' | 'no-session' | 'not-enrolled';
      retryAfterSeconds?: number;
      attemptsLeft?: number;
    };

export interface OperatorSignInOptions {
  /** Wrong codes and tokens, all operators together, per FAILURE_WINDOW_MS before every attempt is refused and the alarm raised. */
  globalFailureLimit: number;
}

const plus = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();

/** "k7m2-x9qp-4t": 10 base-32 characters, 50 bits, readable aloud. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}
const normaliseCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/**
 * Operators' sign-in: an e-mailed single-use link opens a short pending session, which the
 * second factor (a TOTP code, or a single-use recovery code) turns into a signed-in session
 * under a new token. A signed-in session ends after 30 minutes unused or 12 hours in all.
 * Wrong codes lock the operator for a while, and, counted across all operators, past a
 * limit refuse everyone's codes and raise the alarm: a guessing attack stops and is seen.
 */
export class OperatorSignIn {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly secretBox: () => Promise<TotpSecretBox>,
    private readonly alarm: Alarm,
    private readonly options: OperatorSignInOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.limiter = new RateLimiter(db, now);
  }

  /** Mails a link if the address is an operator's; the answer never says whether it is. */
  async requestLink(input: { email: string; client: string; origin: string; returnPath?: string }): Promise<'sent' | 'rate_limited'> {
    const email = input.email.trim().toLowerCase();
    // Per client, and per address from that client: a stranger's requests never exhaust the operator's own.
    if (!(await this.limiter.allow(`operator-link:client:${input.client}`, LINKS_PER_CLIENT, FAILURE_WINDOW_MS))) return 'rate_limited';
    const pair = `operator-link:pair:${sha256(`${email} ${input.client}`)}`;
    if (!(await this.limiter.allow(pair, LINKS_PER_ADDRESS_AND_CLIENT, FAILURE_WINDOW_MS))) return 'rate_limited';
    const row = await operatorRowByEmail(this.db, email);
    if (!row || row.disabled_at) return 'sent';
    const link = await issueOperatorLink(this.db, {
      operatorId: row.id,
      origin: input.origin,
      returnPath: input.returnPath,
      at: this.now(),
    });
    await this.mailer.send({
      to: row.email,
      kind: 'operator-sign-in',
      ...operatorSignInMail({ name: row.name, link, validForMinutes: OPERATOR_LINK_TTL_MS / 60_000 }),
    });
    return 'sent';
  }

  /** Uses a link once (only a POST calls this: a mail scanner's GET changes nothing): a pending session. */
  async useLink(token: string): Promise<LinkOutcome> {
    const hash = sha256(token);
    const at = this.now();
    const link = await this.db.selectFrom('operator_links').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    if (!link) return { ok: false, reason: 'invalid' };
    if (link.used_at) return { ok: false, reason: 'used' };
    if (Date.parse(link.expires_at) <= at.getTime()) return { ok: false, reason: 'expired' };
    const used = await this.db
      .updateTable('operator_links')
      .set({ used_at: at.toISOString() })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return { ok: false, reason: 'used' };
    const row = await operatorRowById(this.db, link.operator_id);
    if (!row || row.disabled_at) return { ok: false, reason: 'invalid' };
    const stage: SessionStage = row.totp_enrolled_at ? 'factor' : 'enrol';
    return { ok: true, stage, sessionToken: await this.openSession(row.id, stage, at, PENDING_SESSION_TTL_MS) };
  }

  /** The session a cookie holds, if it is still good; its use is recorded (at most once a minute). */
  async session(token: string | undefined): Promise<OperatorSession | null> {
    if (!token) return null;
    const hash = sha256(token);
    const row = await this.db.selectFrom('operator_sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    if (!row || row.ended_at) return null;
    const at = this.now().getTime();
    const idleEnd = Date.parse(row.last_seen_at) + OPERATOR_IDLE_MS;
    const end = Math.min(idleEnd, Date.parse(row.absolute_expires_at));
    if (at >= end) return null;
    const operatorRow = await operatorRowById(this.db, row.operator_id);
    if (!operatorRow || operatorRow.disabled_at) return null;
    let expiresAt = new Date(end).toISOString();
    if (at - Date.parse(row.last_seen_at) >= TOUCH_INTERVAL_MS) {
      await this.db
        .updateTable('operator_sessions')
        .set({ last_seen_at: new Date(at).toISOString() })
        .where('token_hash', '=', hash)
        .execute();
      expiresAt = new Date(Math.min(at + OPERATOR_IDLE_MS, Date.parse(row.absolute_expires_at))).toISOString();
    }
    return { operator: toOperator(operatorRow), stage: row.stage, expiresAt };
  }

  /** The secret to enrol (made on first call, kept until confirmed) and its otpauth: URI for the QR code. */
  async enrolment(token: string | undefined): Promise<{ secret: string; uri: string } | null> {
    const session = await this.session(token);
    if (!session || session.stage !== 'enrol') return null;
    const row = await operatorRowById(this.db, session.operator.id);
    if (!row || row.totp_enrolled_at) return null;
    const box = await this.secretBox();
    let secret = row.totp_secret ? box.open(row.totp_secret) : null;
    if (!secret) {
      secret = generateSecret();
      await this.db
        .updateTable('operators')
        .set({ totp_secret: box.seal(secret) })
        .where('id', '=', row.id)
        .where('totp_enrolled_at', 'is', null)
        .execute();
    }
    return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: row.email, secret }) };
  }

  /**
   * The second factor: at enrolment, the first code from the app confirms it and answers the
   * recovery codes (shown once); afterwards a code from the app or a recovery code. Success
   * ends the pending session and opens a signed-in one under a new token.
   */
  async giveFactor(token: string | undefined, code: string): Promise<FactorOutcome> {
    const session = await this.session(token);
    if (!token || !session || session.stage === 'signed-in') return { ok: false, reason: 'no-session' };
    const row = await operatorRowById(this.db, session.operator.id);
    if (!row) return { ok: false, reason: 'no-session' };
    if (!row.totp_secret) return { ok: false, reason: 'not-enrolled' };
    const at = this.now();
    if (row.locked_until && Date.parse(row.locked_until) > at.getTime()) {
      return { ok: false, reason: 'locked', retryAfterSeconds: Math.ceil((Date.parse(row.locked_until) - at.getTime()) / 1000) };
    }
    const throttled = await this.globallyThrottled();
    if (throttled) return { ok: false, reason: 'throttled', retryAfterSeconds: throttled };

    const totp = await this.checkTotp(row, code, at);
    const recovery = totp === null && session.stage === 'factor' ? await this.useRecoveryCode(row.id, code, at) : false;
    if (totp === null && !recovery) return this.wrongCode(row, at);

    const enrolling = session.stage === 'enrol';
    const recoveryCodes = enrolling ? Array.from({ length: RECOVERY_CODES }, recoveryCode) : undefined;
    const sessionToken = await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('operators')
        .set({
          factor_failures: 0,
          locked_until: null,
          ...(totp !== null ? { totp_last_step: totp } : {}),
          ...(enrolling ? { totp_enrolled_at: at.toISOString() } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      if (recoveryCodes) {
        await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', row.id).execute();
        await trx
          .insertInto('operator_recovery_codes')
          .values(
            recoveryCodes.map((c) => ({
              code_hash: sha256(normaliseCode(c)),
              operator_id: row.id,
              created_at: at.toISOString(),
              used_at: null,
            })),
          )
          .execute();
      }
      await trx.updateTable('operator_sessions').set({ ended_at: at.toISOString() }).where('token_hash', '=', sha256(token)).execute();
      const actor = { operatorId: row.id, label: `operator:${row.email}` };
      if (enrolling) await appendAudit(trx, actor, { action: 'operator.factor-enrolled', target: `operator:${row.id}` }, at);
      if (recovery) await appendAudit(trx, actor, { action: 'operator.recovery-code-used', target: `operator:${row.id}` }, at);
      await appendAudit(trx, actor, { action: 'operator.signed-in', target: `operator:${row.id}` }, at);
      return this.openSession(row.id, 'signed-in', at, OPERATOR_SESSION_MAX_MS, trx);
    });
    return { ok: true, sessionToken, recoveryCodes, usedRecoveryCode: recovery };
  }

  async signOut(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db
      .updateTable('operator_sessions')
      .set({ ended_at: this.now().toISOString() })
      .where('token_hash', '=', sha256(token))
      .where('ended_at', 'is', null)
      .execute();
  }

  /**
   * Counts a failure (a wrong code, a wrong API token) in the window all operators share;
   * raises the alarm once when it passes the limit. Answers whether the limit is passed.
   */
  async countFailure(kind: string): Promise<boolean> {
    const count = await this.limiter.record('operators:failures', FAILURE_WINDOW_MS);
    if (count === this.options.globalFailureLimit + 1) {
      this.alarm('too many failed operator sign-ins: every code is refused until the window ends', {
        kind,
        failures: count,
        windowMinutes: FAILURE_WINDOW_MS / 60_000,
      });
    }
    return count > this.options.globalFailureLimit;
  }

  /** Seconds until the shared window ends when its failures passed the limit, else 0. */
  async globallyThrottled(): Promise<number> {
    const { count, retryAfterSeconds } = await this.limiter.peek('operators:failures', FAILURE_WINDOW_MS);
    return count > this.options.globalFailureLimit ? retryAfterSeconds : 0;
  }

  private async wrongCode(row: OperatorRow, at: Date): Promise<FactorOutcome> {
    await this.countFailure('second-factor');
    const failures = row.factor_failures + 1;
    const locked = failures >= FAILURES_PER_OPERATOR;
    await this.db
      .updateTable('operators')
      .set({ factor_failures: locked ? 0 : failures, locked_until: locked ? plus(at, FAILURE_WINDOW_MS) : row.locked_until })
      .where('id', '=', row.id)
      .execute();
    if (locked) {
      await appendAudit(
        this.db,
        { operatorId: row.id, label: `operator:${row.email}` },
        { action: 'operator.locked', target: `operator:${row.id}` },
        at,
      );
      this.alarm('an operator was locked after wrong codes', { operator: row.id, minutes: FAILURE_WINDOW_MS / 60_000 });
      return { ok: false, reason: 'locked', retryAfterSeconds: FAILURE_WINDOW_MS / 1000 };
    }
    return { ok: false, reason: 'wrong', attemptsLeft: FAILURES_PER_OPERATOR - failures };
  }

  /** The code's time step if it is the app's current code (±30 s) and newer than the last one used; null otherwise. */
  private async checkTotp(row: OperatorRow, code: string, at: Date): Promise<number | null> {
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token) || !row.totp_secret) return null;
    const secret = (await this.secretBox()).open(row.totp_secret);
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(at.getTime() / 1000),
      epochTolerance: 30,
      ...(row.totp_last_step !== null ? { afterTimeStep: row.totp_last_step } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private async useRecoveryCode(operatorId: string, code: string, at: Date): Promise<boolean> {
    const normal = normaliseCode(code);
    if (!/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{2}$/.test(normal)) return false;
    const rows = await this.db
      .selectFrom('operator_recovery_codes')
      .selectAll()
      .where('operator_id', '=', operatorId)
      .where('used_at', 'is', null)
      .execute();
    const match = rows.find((r) => matchesHash(normal, r.code_hash));
    if (!match) return false;
    const used = await this.db
      .updateTable('operator_recovery_codes')
      .set({ used_at: at.toISOString() })
      .where('code_hash', '=', match.code_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  private async openSession(
    operatorId: string,
    stage: SessionStage,
    at: Date,
    maxMs: number,
    db: Kysely<Database> = this.db,
  ): Promise<string> {
    const token = newSecret();
    await db
      .insertInto('operator_sessions')
      .values({
        token_hash: sha256(token),
        operator_id: operatorId,
        stage,
        created_at: at.toISOString(),
        last_seen_at: at.toISOString(),
        absolute_expires_at: plus(at, maxMs),
        ended_at: null,
      })
      .execute();
    return token;
  }
}
