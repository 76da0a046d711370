import { markedError } from '@/lib/server/crossBundleMark';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { randomId } from '@/lib/server/ids';
import type { OperatorRole } from '@/lib/operators/roles';
import { appendAudit, type AuditActor } from './auditLog';
import { listOperators, normaliseOperatorEmail, operatorRowByEmail, operatorRowById, toOperator, type Operator } from './operatorRecords';

// Marked: the route that catches it may hold another bundled copy of this module (crossBundleMark.ts).
export class OperatorExistsError extends markedError('purchase-journey.OperatorExistsError') {}
// Marked: the route that catches it may hold another bundled copy of this module (crossBundleMark.ts).
export class NoSuchOperatorError extends markedError('purchase-journey.NoSuchOperatorError') {}

/** Who the operators are: adding, disabling and enabling them, changing roles, resetting a lost second factor; each in the audit log. */
export class OperatorDirectory {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(): Promise<Operator[]> {
    return listOperators(this.db);
  }

  async byEmail(email: string): Promise<Operator | null> {
    const row = await operatorRowByEmail(this.db, email);
    return row ? toOperator(row) : null;
  }

  async add(input: { email: string; name: string; role: OperatorRole }, actor: AuditActor): Promise<Operator> {
    const email = normaliseOperatorEmail(input.email);
    if (await operatorRowByEmail(this.db, email)) throw new OperatorExistsError(`${email} is an operator already.`);
    const at = this.now();
    const row = {
      id: randomId('op'),
      email,
      name: input.name.trim(),
      role: input.role,
      totp_secret: null,
      totp_enrolled_at: null,
      totp_last_step: null,
      factor_failures: 0,
      locked_until: null,
      created_at: at.toISOString(),
      disabled_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('operators').values(row).execute();
      await appendAudit(
        trx,
        actor,
        { action: 'operator.added', target: `operator:${row.id}`, after: { email, name: row.name, role: row.role } },
        at,
      );
    });
    return toOperator(row);
  }

  /**
   * Changes what an admin may change of an operator: role, disabled or not, or the second factor
   * reset (a lost phone: the next sign-in enrols again). Disabling ends the operator's sessions.
   */
  async update(
    id: string,
    change: { role?: OperatorRole; disabled?: boolean; resetFactor?: boolean },
    actor: AuditActor,
  ): Promise<Operator> {
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await operatorRowById(trx, id);
      if (!row) throw new NoSuchOperatorError('No such operator.');
      const before = { role: row.role, disabled: row.disabled_at !== null, enrolled: row.totp_enrolled_at !== null };
      const set = {
        ...(change.role ? { role: change.role } : {}),
        ...(change.disabled === undefined ? {} : { disabled_at: change.disabled ? (row.disabled_at ?? at.toISOString()) : null }),
        ...(change.resetFactor
          ? { totp_secret: null, totp_enrolled_at: null, totp_last_step: null, factor_failures: 0, locked_until: null }
          : {}),
      };
      if (Object.keys(set).length) await trx.updateTable('operators').set(set).where('id', '=', id).execute();
      if (change.resetFactor) await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', id).execute();
      if (change.disabled || change.resetFactor || change.role) {
        await trx
          .updateTable('operator_sessions')
          .set({ ended_at: at.toISOString() })
          .where('operator_id', '=', id)
          .where('ended_at', 'is', null)
          .execute();
      }
      const updated = (await operatorRowById(trx, id))!;
      const after = { role: updated.role, disabled: updated.disabled_at !== null, enrolled: updated.totp_enrolled_at !== null };
      await appendAudit(trx, actor, { action: 'operator.updated', target: `operator:${id}`, before, after }, at);
      return toOperator(updated);
    });
  }
}
