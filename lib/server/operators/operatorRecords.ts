import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OperatorTable } from '@/lib/server/db/schema';
import type { OperatorRole } from '@/lib/operators/roles';

/** An operator as the rest of the code sees it (no secrets). */
export interface Operator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  /** Whether the second factor is set up. */
  enrolled: boolean;
  createdAt: string;
  disabledAt: string | null;
}

export type OperatorRow = Selectable<OperatorTable>;

export function toOperator(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    enrolled: row.totp_enrolled_at !== null,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  };
}

export const normaliseOperatorEmail = (email: string) => email.trim().toLowerCase();

export async function operatorRowById(db: Kysely<Database> | Transaction<Database>, id: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function operatorRowByEmail(db: Kysely<Database>, email: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('email', '=', normaliseOperatorEmail(email)).executeTakeFirst();
}

export async function listOperators(db: Kysely<Database>): Promise<Operator[]> {
  return (await db.selectFrom('operators').selectAll().orderBy('created_at').orderBy('email').execute()).map(toOperator);
}
