import { sql } from 'kysely';
import { dialectOf, type AnyKysely } from '@/lib/server/db/dialect';
import { checkedValues } from './checkedValues';
import type { BaseType } from './declaredSchema';

/** One column of a migrated database, as the database describes it. */
export interface MigratedColumn {
  /** The database's own name for its type: text, integer, bigint, real, boolean… */
  sqlType: string;
  /** Null for a type the tables do not use (neither text, a number, a boolean nor bytes). */
  base: BaseType | null;
  nullable: boolean;
  /** It has a default, or the database numbers it: an insert may leave it out. */
  defaulted: boolean;
  /** The default when it is a text literal ('pending'); null otherwise. */
  textDefault: string | null;
  /** The values a CHECK constraint lists for it; null when none does. */
  checked: string[] | null;
}

export type MigratedSchema = Map<string, Map<string, MigratedColumn>>;

/** The tables of the migrated database behind a handle, but kysely's own migration bookkeeping. */
export async function readMigratedSchema(db: AnyKysely): Promise<MigratedSchema> {
  return dialectOf(db) === 'postgres' ? readPostgres(db) : readSqlite(db);
}

async function readSqlite(db: AnyKysely): Promise<MigratedSchema> {
  const tables = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'`.execute(db);
  const schema: MigratedSchema = new Map();
  for (const table of tables.rows) {
    const checks = checkedValues(table.sql);
    const columns = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
      select name, type, "notnull", dflt_value, pk from pragma_table_info(${table.name})`.execute(db);
    const read = new Map<string, MigratedColumn>();
    for (const column of columns.rows) {
      const sqlType = column.type.toLowerCase();
      // An integer primary key is SQLite's rowid, numbered when an insert leaves it out.
      const rowid = column.pk > 0 && sqlType === 'integer';
      read.set(column.name, {
        sqlType,
        base: baseOf(sqlType),
        // SQLite lets a primary key other than the rowid hold null (an old bug it keeps); the
        // tables never store one there, and PostgreSQL refuses it, so it counts as not null.
        nullable: column.notnull === 0 && column.pk === 0,
        defaulted: column.dflt_value !== null || rowid,
        textDefault: textLiteral(column.dflt_value),
        checked: checks.get(column.name) ?? null,
      });
    }
    schema.set(table.name, read);
  }
  return schema;
}

async function readPostgres(db: AnyKysely): Promise<MigratedSchema> {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>`select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely\\_%'
    order by c.table_name, c.ordinal_position`.execute(db);
  const constraints = await sql<{ table_name: string; definition: string }>`
    select rel.relname as table_name, pg_get_constraintdef(con.oid) as definition
    from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    where con.contype = 'c' and ns.nspname = current_schema()`.execute(db);
  const checks = new Map<string, Map<string, string[]>>();
  for (const constraint of constraints.rows) {
    const table = checks.get(constraint.table_name) ?? new Map<string, string[]>();
    for (const [column, values] of checkedValues(constraint.definition)) table.set(column, values);
    checks.set(constraint.table_name, table);
  }

  const schema: MigratedSchema = new Map();
  for (const column of columns.rows) {
    const table = schema.get(column.table_name) ?? new Map<string, MigratedColumn>();
    table.set(column.column_name, {
      sqlType: column.data_type,
      base: baseOf(column.data_type),
      nullable: column.is_nullable === 'YES',
      defaulted: column.column_default !== null || column.is_identity === 'YES',
      textDefault: textLiteral(column.column_default),
      checked: checks.get(column.table_name)?.get(column.column_name) ?? null,
    });
    schema.set(column.table_name, table);
  }
  return schema;
}

/** Booleans are 0/1 integers and JSON is text on both databases, so a TypeScript boolean only ever meets a PostgreSQL boolean. */
function baseOf(sqlType: string): BaseType | null {
  if (sqlType === 'text') return 'text';
  if (['integer', 'bigint', 'real', 'double precision', 'numeric', 'smallint'].includes(sqlType)) return 'number';
  if (sqlType === 'boolean') return 'boolean';
  if (sqlType === 'blob' || sqlType === 'bytea') return 'bytes';
  return null;
}

/** 'pending' on SQLite, 'pending'::text on PostgreSQL. */
function textLiteral(defaultSql: string | null): string | null {
  const literal = defaultSql?.match(/^'((?:[^']|'')*)'(?:::[\w ]+)?$/);
  return literal ? literal[1]!.replaceAll("''", "'") : null;
}
