import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { randomId } from '@/lib/server/ids';

/** A mail of the embedded outbox, as operators read it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link: string;
  createdAt: string;
}

/** The embedded outbox: the sign-in mails "sent" without SMTP, for QA and the demo to read. */
export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(mail: Omit<OutboxMail, 'createdAt'>, at: Date): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({
        id: randomId('mail'),
        to_email: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        link: mail.link,
        created_at: at.toISOString(),
      })
      .execute();
  }

  /** Newest first; only those to `email` when given (addresses are kept in lower case). */
  async list(filter: { email?: string; limit: number }): Promise<OutboxMail[]> {
    let query = this.db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
    if (filter.email) query = query.where('to_email', '=', filter.email.toLowerCase());
    const rows = await query.execute();
    return rows.map((row) => ({ to: row.to_email, subject: row.subject, text: row.body_text, link: row.link, createdAt: row.created_at }));
  }
}
