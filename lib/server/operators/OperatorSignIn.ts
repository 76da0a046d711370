import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI } from 'otplib';
import type { Database, OperatorSessionTable } from '@/lib/server/db/schema';
import { newSecret, sha256 } from '@/lib/server/ids';
import type { Mailer } from '@/lib/server/identity/Mailer';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { operatorSignInMail } from '@/lib/server/mail/templates/operatorSignInMail';
import { appendAudit } from './auditLog';
import type { Alarm } from './failureAlarm';
import { FAILURE_WINDOW_MS, OperatorCodes, recoveryCodeHash, type FailureCountOptions } from './operatorCodes';
import { issueOperatorLink, OPERATOR_LINK_TTL_MS } from './operatorLinks';
import { operatorRowByEmail, operatorRowById, toOperator, type Operator } from './operatorRecords';
import type { TotpSecretBox } from './totpSecretBox';

export { FAILURE_WINDOW_MS, FAILURES_PER_OPERATOR, CODE_FAILURES_PER_CLIENT } from './operatorCodes';
/** Between the link and the second factor: long enough to find the phone. */
export const PENDING_SESSION_TTL_MS = 10 * 60_000;
export const OPERATOR_IDLE_MS = 30 * 60_000;
export const OPERATOR_SESSION_MAX_MS = 12 * 3600_000;
const TOUCH_INTERVAL_MS = 60_000;
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
  /** When the second factor was last given in it (the sign-in, or a step-up since); null while pending. */
  factorVerifiedAt: string | null;
}

export type LinkOutcome = { ok: true; sessionToken: string; stage: SessionStage } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** Why a code was refused: wrong, the operator locked, the client throttled (its wrong codes), or no session to give it in. */
export interface CodeRefusal {
  ok: false;
  reason: 'wrong' | 'locked' | 'throttled' | 'no-session' | 'not-enrolled';
  retryAfterSeconds?: number;
  attemptsLeft?: number;
}

export type FactorOutcome = { ok: true; sessionToken: string; recoveryCodes?: string[]; usedRecoveryCode?: boolean } | CodeRefusal;

export type StepUpOutcome = { ok: true; usedRecoveryCode: boolean } | CodeRefusal;

export type OperatorSignInOptions = FailureCountOptions;

const plus = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();

/** "k7m2-x9qp-4t": 10 base-32 characters, 50 bits, readable aloud. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/**
 * Operators' sign-in: an e-mailed single-use link opens a short pending session, which the
 * second factor (a TOTP code, or a single-use recovery code) turns into a signed-in session
 * under a new token. A signed-in session ends after 30 minutes unused or 12 hours in all,
 * and gives the code again (step-up) before the gravest changes. Codes are checked, and
 * wrong ones counted and locked, by OperatorCodes.
 */
export class OperatorSignIn {
  private readonly limiter: RateLimiter;
  private readonly codes: OperatorCodes;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly secretBox: () => Promise<TotpSecretBox>,
    alarm: Alarm,
    options: OperatorSignInOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.limiter = new RateLimiter(db, now);
    this.codes = new OperatorCodes(db, secretBox, alarm, options, now);
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
    // Each enrolment has a secret of its own, which dies with its session: whoever saw one QR code gains nothing later.
    const enrolSecret = stage === 'enrol' ? (await this.secretBox()).seal(generateSecret()) : null;
    return { ok: true, stage, sessionToken: await this.openSession(row.id, stage, at, PENDING_SESSION_TTL_MS, { enrolSecret }) };
  }

  /** The session a cookie holds, if it is still good; its use is recorded (at most once a minute). */
  async session(token: string | undefined): Promise<OperatorSession | null> {
    return (await this.liveSession(token))?.session ?? null;
  }

  /** The good session of a token with its row and its operator's row, which hold the secrets the code checks need. */
  private async liveSession(token: string | undefined) {
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
    const session = { operator: toOperator(operatorRow), stage: row.stage, expiresAt, factorVerifiedAt: row.factor_verified_at };
    return { session, row, operatorRow };
  }

  /** The enrolling session's own secret and its otpauth: URI for the QR code (null past the enrol stage). */
  async enrolment(token: string | undefined): Promise<{ secret: string; uri: string } | null> {
    const live = await this.liveSession(token);
    if (!live || live.session.stage !== 'enrol' || live.operatorRow.totp_enrolled_at || !live.row.enrol_totp_secret) return null;
    const secret = (await this.secretBox()).open(live.row.enrol_totp_secret);
    return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: live.operatorRow.email, secret }) };
  }

  /**
   * The second factor: at enrolment, the first code from the session's own secret confirms
   * it (the secret is then the operator's) and answers the recovery codes (shown once);
   * afterwards a code from the app or a recovery code. Success ends the pending session and
   * opens a signed-in one under a new token. `client` is the caller's limit key.
   */
  async giveFactor(token: string | undefined, code: string, client: string): Promise<FactorOutcome> {
    const live = await this.liveSession(token);
    if (!token || !live || live.session.stage === 'signed-in') return { ok: false, reason: 'no-session' };
    const { row: sessionRow, operatorRow: row } = live;
    const enrolling = live.session.stage === 'enrol';
    // An enrolment finished in another session since: this one's secret is not the operator's.
    if (enrolling && row.totp_enrolled_at) return { ok: false, reason: 'no-session' };
    const sealedSecret = enrolling ? sessionRow.enrol_totp_secret : row.totp_secret;
    if (!sealedSecret) return enrolling ? { ok: false, reason: 'no-session' } : { ok: false, reason: 'not-enrolled' };

    const checked = await this.codes.check(row, code, { client, sealedSecret, recoveryAllowed: !enrolling, during: 'sign-in' });
    if (!checked.ok) return checked;

    const at = this.now();
    const recoveryCodes = enrolling ? Array.from({ length: RECOVERY_CODES }, recoveryCode) : undefined;
    const sessionToken = await this.db.transaction().execute(async (trx) => {
      const confirmed = await trx
        .updateTable('operators')
        .set({
          factor_failures: 0,
          locked_until: null,
          ...(checked.totpStep !== null ? { totp_last_step: checked.totpStep } : {}),
          ...(enrolling ? { totp_secret: sealedSecret, totp_enrolled_at: at.toISOString() } : {}),
        })
        .where('id', '=', row.id)
        .$if(enrolling, (q) => q.where('totp_enrolled_at', 'is', null))
        .executeTakeFirst();
      if (Number(confirmed.numUpdatedRows) !== 1) return null;
      if (recoveryCodes) {
        await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', row.id).execute();
        await trx
          .insertInto('operator_recovery_codes')
          .values(
            recoveryCodes.map((c) => ({
              code_hash: recoveryCodeHash(c),
              operator_id: row.id,
              created_at: at.toISOString(),
              used_at: null,
            })),
          )
          .execute();
      }
      await trx
        .updateTable('operator_sessions')
        .set({ ended_at: at.toISOString(), enrol_totp_secret: null })
        .where('token_hash', '=', sha256(token))
        .execute();
      const actor = { operatorId: row.id, label: `operator:${row.email}`, client };
      if (enrolling) await appendAudit(trx, actor, { action: 'operator.factor-enrolled', target: `operator:${row.id}` }, at);
      if (checked.recovery) await appendAudit(trx, actor, { action: 'operator.recovery-code-used', target: `operator:${row.id}` }, at);
      await appendAudit(trx, actor, { action: 'operator.signed-in', target: `operator:${row.id}` }, at);
      return this.openSession(row.id, 'signed-in', at, OPERATOR_SESSION_MAX_MS, { factorVerifiedAt: at }, trx);
    });
    if (sessionToken === null) return { ok: false, reason: 'no-session' };
    return { ok: true, sessionToken, recoveryCodes, usedRecoveryCode: checked.recovery };
  }

  /**
   * Step-up: a signed-in operator gives a code again (the app's, or a recovery code) before
   * a grave change; the session records when. Wrong codes count as at sign-in.
   */
  async stepUp(token: string | undefined, code: string, client: string): Promise<StepUpOutcome> {
    const live = await this.liveSession(token);
    if (!token || !live || live.session.stage !== 'signed-in') return { ok: false, reason: 'no-session' };
    const row = live.operatorRow;
    if (!row.totp_secret) return { ok: false, reason: 'not-enrolled' };
    const checked = await this.codes.check(row, code, { client, sealedSecret: row.totp_secret, recoveryAllowed: true, during: 'step-up' });
    if (!checked.ok) return checked;
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('operators')
        .set({ factor_failures: 0, locked_until: null, ...(checked.totpStep !== null ? { totp_last_step: checked.totpStep } : {}) })
        .where('id', '=', row.id)
        .execute();
      await trx
        .updateTable('operator_sessions')
        .set({ factor_verified_at: at.toISOString() })
        .where('token_hash', '=', sha256(token))
        .execute();
      const actor = { operatorId: row.id, label: `operator:${row.email}`, client };
      if (checked.recovery) await appendAudit(trx, actor, { action: 'operator.recovery-code-used', target: `operator:${row.id}` }, at);
      await appendAudit(trx, actor, { action: 'operator.stepped-up', target: `operator:${row.id}` }, at);
    });
    return { ok: true, usedRecoveryCode: checked.recovery };
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

  /** Counts a wrong API token towards the failures of all clients together: it raises the alarm, and locks no one. */
  countFailure(kind: string): Promise<void> {
    return this.codes.countFailure(kind);
  }

  private async openSession(
    operatorId: string,
    stage: SessionStage,
    at: Date,
    maxMs: number,
    extra: { enrolSecret?: string | null; factorVerifiedAt?: Date },
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
        factor_verified_at: extra.factorVerifiedAt?.toISOString() ?? null,
        enrol_totp_secret: extra.enrolSecret ?? null,
      } satisfies OperatorSessionTable)
      .execute();
    return token;
  }
}
