import type { Kysely } from 'kysely';

/**
 * Issue 39: a receipt e-mail carries its invoice (a refund's, its credit note) as a PDF. The
 * outbox keeps which document, not the file: the worker renders it when it sends, from the
 * document as issued. Mails queued before attach nothing, and say so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('attachment_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('attachment_json').execute();
}
