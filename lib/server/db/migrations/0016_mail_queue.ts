import { sql, type Kysely } from 'kysely';
import { dialectOf } from '@/lib/server/db/dialect';

/**
 * The outbox becomes a durable mail queue (lib/server/mail): every mail is written here,
 * in the same transaction as the change it reports, and a worker sends it with retries.
 * New: the HTML part, the kind of mail, its status (pending, sent, failed), the tries made,
 * when the next is due, the lease of the worker sending it (lease_until, claimed_by), when
 * it was sent and the last error. A mail may have no main link (link null).
 *
 * SQLite cannot make a column nullable in place, so the table is rebuilt on both databases
 * (same SQL), keeping its name. Existing rows were "sent" by the old outbox mailer at their
 * creation: they read as sent sign-in mails, tried once. Text columns are collate "C" on
 * PostgreSQL, as 0013 made every earlier one (the times are compared as text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await inOneTransaction(db, async (trx) => {
    const text = dialectOf(trx) === 'postgres' ? sql`text collate "C"` : 'text';
    await trx.schema
      .createTable('outbox_next')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('to_email', text, (c) => c.notNull())
      .addColumn('subject', text, (c) => c.notNull())
      .addColumn('body_text', text, (c) => c.notNull())
      .addColumn('body_html', text)
      .addColumn('link', text)
      .addColumn('kind', text, (c) => c.notNull())
      .addColumn('status', text, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', text, (c) => c.notNull())
      .addColumn('lease_until', text)
      .addColumn('claimed_by', text)
      .addColumn('sent_at', text)
      .addColumn('last_error', text)
      .addColumn('created_at', text, (c) => c.notNull())
      .execute();
    await sql`
      insert into outbox_next (id, to_email, subject, body_text, link, kind, status, attempts, next_attempt_at, sent_at, created_at)
      select id, to_email, subject, body_text, link, 'sign-in', 'sent', 1, created_at, created_at, created_at from outbox`.execute(trx);
    await replaceOutbox(trx);
    // The worker's claim: due pending mails, oldest due first.
    await trx.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inOneTransaction(db, async (trx) => {
    const text = dialectOf(trx) === 'postgres' ? sql`text collate "C"` : 'text';
    await trx.schema
      .createTable('outbox_next')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('to_email', text, (c) => c.notNull())
      .addColumn('subject', text, (c) => c.notNull())
      .addColumn('body_text', text, (c) => c.notNull())
      .addColumn('link', text, (c) => c.notNull())
      .addColumn('created_at', text, (c) => c.notNull())
      .execute();
    await sql`
      insert into outbox_next (id, to_email, subject, body_text, link, created_at)
      select id, to_email, subject, body_text, coalesce(link, ''), created_at from outbox`.execute(trx);
    await replaceOutbox(trx);
  });
}

/** Puts outbox_next in the outbox's place, with the outbox's name, key name and indexes (0003, 0008). */
async function replaceOutbox(trx: Kysely<unknown>): Promise<void> {
  await trx.schema.dropTable('outbox').execute();
  await trx.schema.alterTable('outbox_next').renameTo('outbox').execute();
  if (dialectOf(trx) === 'postgres') await sql`alter table outbox rename constraint outbox_next_pkey to outbox_pkey`.execute(trx);
  await trx.schema.createIndex('outbox_to_email').on('outbox').columns(['to_email', 'created_at']).execute();
  await trx.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
}

/**
 * Kysely runs a migration inside a transaction on PostgreSQL but not on SQLite: there, one
 * is opened, so that a failure half-way leaves the old table as it was.
 */
async function inOneTransaction(db: Kysely<unknown>, run: (trx: Kysely<unknown>) => Promise<void>): Promise<void> {
  if (db.isTransaction) return run(db);
  await db.transaction().execute(run);
}
