import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@/lib/server/db/schema';

/** Who did something the audit log keeps. */
export interface AuditActor {
  /** The operator's id, when an operator acted. */
  operatorId: string | null;
  /** In words: "operator:ana@example.com", "command line". */
  label: string;
  /** The client's address key, when it came over HTTP. */
  client?: string | null;
}

export interface AuditEntry {
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditRecord {
  seq: number;
  at: string;
  operatorId: string | null;
  actor: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  client: string | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/**
 * Appends one entry: who, what, when, and the state before and after. Pass the transaction
 * that makes the change, so that a change and its entry are written together or not at all.
 * There is no update or delete here, and the table's triggers refuse them (migration 0030).
 */
export async function appendAudit(
  db: Kysely<Database> | Transaction<Database>,
  actor: AuditActor,
  entry: AuditEntry,
  at: Date,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: at.toISOString(),
      operator_id: actor.operatorId,
      actor: actor.label,
      action: entry.action,
      target: entry.target ?? null,
      before_json: json(entry.before),
      after_json: json(entry.after),
      client: actor.client ?? null,
    })
    .execute();
}

/** The newest entries first, `limit` of them, optionally older than `beforeSeq`, about one target, or leaving some actions out. */
export async function readAudit(
  db: Kysely<Database>,
  options: { limit: number; beforeSeq?: number; target?: string; excludeActions?: readonly string[] },
): Promise<AuditRecord[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(options.limit);
  if (options.beforeSeq !== undefined) query = query.where('seq', '<', options.beforeSeq);
  if (options.target !== undefined) query = query.where('target', '=', options.target);
  if (options.excludeActions?.length) query = query.where('action', 'not in', options.excludeActions);
  const rows = await query.execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    at: row.at,
    operatorId: row.operator_id,
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
    client: row.client,
  }));
}
