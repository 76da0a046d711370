import { markedError } from '@/lib/server/crossBundleMark';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { newSecret, randomId, sha256 } from '@/lib/server/ids';
import { areasOf, OPERATOR_AREAS, type OperatorArea } from '@/lib/operators/roles';
import { appendAudit, type AuditActor } from './auditLog';
import { operatorRowById, toOperator, type Operator } from './operatorRecords';

/** Personal API tokens start so: a secret scanner (and a person) recognises one in a log or a repository. */
export const TOKEN_PREFIX = 'pjop_';

export interface OperatorToken {
  id: string;
  operatorId: string;
  name: string;
  scopes: OperatorArea[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

// Marked: the route that catches it may hold another bundled copy of this module (crossBundleMark.ts).
export class TokenScopeError extends markedError('purchase-journey.TokenScopeError') {}

const scopesOf = (json: string): OperatorArea[] =>
  (JSON.parse(json) as string[]).filter((s): s is OperatorArea => (OPERATOR_AREAS as readonly string[]).includes(s));

function toToken(row: {
  id: string;
  operator_id: string;
  name: string;
  scopes_json: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}): OperatorToken {
  return {
    id: row.id,
    operatorId: row.operator_id,
    name: row.name,
    scopes: scopesOf(row.scopes_json),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/**
 * Personal API tokens for scripts and QA, in place of a shared secret: each belongs to one
 * operator, carries scopes within that operator's role, is stored only as a hash, is shown
 * once, and can be revoked. A token stops working with its owner's account.
 */
export class OperatorTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new token (its value returned once, never stored). Scopes beyond the owner's role are refused. */
  async create(
    operatorId: string,
    name: string,
    scopes: readonly OperatorArea[],
    actor: AuditActor,
  ): Promise<{ token: string; record: OperatorToken }> {
    const owner = await operatorRowById(this.db, operatorId);
    if (!owner || owner.disabled_at) throw new TokenScopeError('No such operator, or the account is disabled.');
    const allowed = areasOf(owner.role);
    const refused = scopes.filter((s) => !allowed.includes(s));
    if (refused.length || scopes.length === 0) {
      throw new TokenScopeError(
        `A ${owner.role}'s token may carry ${allowed.join(', ')} only${refused.length ? `, not ${refused.join(', ')}` : ''}.`,
      );
    }
    const token = `${TOKEN_PREFIX}${newSecret()}`;
    const at = this.now();
    const row = {
      id: randomId('opt'),
      operator_id: operatorId,
      name,
      token_hash: sha256(token),
      scopes_json: JSON.stringify([...new Set(scopes)]),
      created_at: at.toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('operator_tokens').values(row).execute();
      await appendAudit(
        trx,
        actor,
        { action: 'token.created', target: `token:${row.id}`, after: { owner: owner.email, name, scopes: JSON.parse(row.scopes_json) } },
        at,
      );
    });
    return { token, record: toToken(row) };
  }

  async list(operatorId?: string): Promise<OperatorToken[]> {
    let query = this.db.selectFrom('operator_tokens').selectAll().orderBy('created_at', 'desc');
    if (operatorId) query = query.where('operator_id', '=', operatorId);
    return (await query.execute()).map(toToken);
  }

  async find(id: string): Promise<OperatorToken | null> {
    const row = await this.db.selectFrom('operator_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toToken(row) : null;
  }

  /** Revokes a token (once: a second call changes nothing and answers false). */
  async revoke(id: string, actor: AuditActor): Promise<boolean> {
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('operator_tokens')
        .set({ revoked_at: at.toISOString() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await appendAudit(
        trx,
        actor,
        { action: 'token.revoked', target: `token:${id}`, before: { revoked: false }, after: { revoked: true } },
        at,
      );
      return true;
    });
  }

  /** The operator and scopes a presented token stands for; null for anything else (unknown, revoked, owner disabled). */
  async authenticate(presented: string): Promise<{ operator: Operator; scopes: OperatorArea[]; tokenId: string } | null> {
    if (!presented.startsWith(TOKEN_PREFIX) || presented.length > 200) return null;
    const row = await this.db.selectFrom('operator_tokens').selectAll().where('token_hash', '=', sha256(presented)).executeTakeFirst();
    if (!row || row.revoked_at) return null;
    const owner = await operatorRowById(this.db, row.operator_id);
    if (!owner || owner.disabled_at) return null;
    const at = this.now();
    // Last use to the minute: enough to see a forgotten token, without a write per request.
    if (!row.last_used_at || at.getTime() - Date.parse(row.last_used_at) >= 60_000) {
      await this.db.updateTable('operator_tokens').set({ last_used_at: at.toISOString() }).where('id', '=', row.id).execute();
    }
    // A token never opens more than its owner's role does today (a role lowered since).
    const scopes = scopesOf(row.scopes_json).filter((s) => areasOf(owner.role).includes(s));
    return { operator: toOperator(owner), scopes, tokenId: row.id };
  }
}
