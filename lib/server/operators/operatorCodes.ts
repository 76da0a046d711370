import type { Kysely } from 'kysely';
import { verify } from 'otplib';
import type { Database } from '@/lib/server/db/schema';
import { matchesHash, sha256 } from '@/lib/server/ids';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { appendAudit } from './auditLog';
import type { Alarm } from './failureAlarm';
import type { OperatorRow } from './operatorRecords';
import type { TotpSecretBox } from './totpSecretBox';

export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Wrong codes one operator may give before the account locks for FAILURE_WINDOW_MS. */
export const FAILURES_PER_OPERATOR = 5;
/** Wrong codes one client may send per FAILURE_WINDOW_MS, for any operators; past them its codes are refused unread. */
export const CODE_FAILURES_PER_CLIENT = 10;

export type CodeCheck =
  | { ok: true; totpStep: number | null; recovery: boolean }
  | { ok: false; reason: 'wrong' | 'locked' | 'throttled'; retryAfterSeconds?: number; attemptsLeft?: number };

export interface CodeCheckInput {
  /** The client's limit key (requestClientKey): its wrong codes lock it, and the audit log names it. */
  client: string;
  /** The sealed TOTP secret to check against: the operator's, or an enrolling session's own. */
  sealedSecret: string;
  /** Whether a recovery code may stand in for the app's code (not at enrolment: there are none yet). */
  recoveryAllowed: boolean;
  during: 'sign-in' | 'step-up';
}

export interface FailureCountOptions {
  /** Wrong codes and tokens, all clients together, per FAILURE_WINDOW_MS before the alarm is raised (it locks no one). */
  globalFailureLimit: number;
}

const plus = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();
export const normaliseCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/**
 * Checks the codes operators give, at sign-in and at step-up alike. A wrong code locks the
 * client that sent it (past CODE_FAILURES_PER_CLIENT) and the operator it was for (past
 * FAILURES_PER_OPERATOR), and is in the audit log with the client. Failures of everyone
 * together only raise the alarm: a shared lock would let anyone lock every operator out.
 */
export class OperatorCodes {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secretBox: () => Promise<TotpSecretBox>,
    private readonly alarm: Alarm,
    private readonly options: FailureCountOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.limiter = new RateLimiter(db, now);
  }

  /** Whether `code` is the app's current code or (when allowed) an unused recovery code; a recovery code is used up by it. */
  async check(row: OperatorRow, code: string, input: CodeCheckInput): Promise<CodeCheck> {
    const at = this.now();
    if (row.locked_until && Date.parse(row.locked_until) > at.getTime()) {
      return { ok: false, reason: 'locked', retryAfterSeconds: Math.ceil((Date.parse(row.locked_until) - at.getTime()) / 1000) };
    }
    const mine = await this.limiter.peek(clientBucket(input.client), FAILURE_WINDOW_MS);
    if (mine.count >= CODE_FAILURES_PER_CLIENT) return { ok: false, reason: 'throttled', retryAfterSeconds: mine.retryAfterSeconds };
    const totpStep = await this.checkTotp(input.sealedSecret, row.totp_last_step, code, at);
    const recovery = totpStep === null && input.recoveryAllowed ? await this.useRecoveryCode(row.id, code, at) : false;
    if (totpStep === null && !recovery) return this.wrongCode(row, input, at);
    return { ok: true, totpStep, recovery };
  }

  /** Counts a failure (a wrong code, a wrong API token) in the window all clients share; past the limit, raises the alarm once. */
  async countFailure(kind: string): Promise<void> {
    const count = await this.limiter.record('operators:failures', FAILURE_WINDOW_MS);
    if (count === this.options.globalFailureLimit + 1) {
      this.alarm('many failed operator codes and tokens from all clients together: look for an attack (this locks no one)', {
        kind,
        failures: count,
        windowMinutes: FAILURE_WINDOW_MS / 60_000,
      });
    }
  }

  private async wrongCode(row: OperatorRow, input: CodeCheckInput, at: Date): Promise<CodeCheck> {
    await this.limiter.record(clientBucket(input.client), FAILURE_WINDOW_MS);
    await this.countFailure('second-factor');
    const failures = row.factor_failures + 1;
    const locked = failures >= FAILURES_PER_OPERATOR;
    const actor = { operatorId: row.id, label: `operator:${row.email}`, client: input.client };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('operators')
        .set({ factor_failures: locked ? 0 : failures, locked_until: locked ? plus(at, FAILURE_WINDOW_MS) : row.locked_until })
        .where('id', '=', row.id)
        .execute();
      await appendAudit(
        trx,
        actor,
        { action: 'operator.wrong-code', target: `operator:${row.id}`, after: { during: input.during, wrongCodes: failures } },
        at,
      );
      if (locked) await appendAudit(trx, actor, { action: 'operator.locked', target: `operator:${row.id}` }, at);
    });
    if (!locked) return { ok: false, reason: 'wrong', attemptsLeft: FAILURES_PER_OPERATOR - failures };
    this.alarm('an operator was locked after wrong codes', { operator: row.id, client: input.client, minutes: FAILURE_WINDOW_MS / 60_000 });
    return { ok: false, reason: 'locked', retryAfterSeconds: FAILURE_WINDOW_MS / 1000 };
  }

  /** The code's time step if it is the app's current code (±30 s) and newer than the last one used; null otherwise. */
  private async checkTotp(sealedSecret: string, lastStep: number | null, code: string, at: Date): Promise<number | null> {
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const secret = (await this.secretBox()).open(sealedSecret);
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(at.getTime() / 1000),
      epochTolerance: 30,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
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
}

const clientBucket = (client: string) => `operator-code-failures:${client}`;

/** A code's hash as recovery codes are stored. */
export const recoveryCodeHash = (code: string) => sha256(normaliseCode(code));
