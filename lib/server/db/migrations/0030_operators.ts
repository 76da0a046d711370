import { sql, type Kysely } from 'kysely';
import { dialectOf } from '@/lib/server/db/dialect';

/**
 * Operators who sign in as themselves (issue 24): accounts with a role, e-mailed sign-in
 * links, a TOTP second factor with single-use recovery codes, sessions of their own,
 * personal API tokens (hashed, scoped, revocable), and the audit log of what they did.
 * The audit log is append-only: a trigger refuses every UPDATE and DELETE, on SQLite and
 * on PostgreSQL alike, so no code path (nor a mistaken query) can rewrite history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('operators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enrolled_at', 'text')
    .addColumn('totp_last_step', 'integer')
    .addColumn('factor_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();
  await db.schema
    .createTable('operator_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createTable('operator_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createTable('operator_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('seq', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('client', 'text')
    .execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target', 'seq']).execute();
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: UPDATE refused'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: DELETE refused'); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TABLE audit_log`.execute(db);
    await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await db.schema.dropTable('audit_log').execute();
  }
  for (const table of ['operator_tokens', 'operator_sessions', 'operator_links', 'operator_recovery_codes', 'operators']) {
    await db.schema.dropTable(table).execute();
  }
}
