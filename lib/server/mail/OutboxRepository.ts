import type { Kysely, Selectable } from 'kysely';
import type { MailKind, MailStatus } from '@/lib/mail/mailKinds';
import { dialectOf } from '@/lib/server/db/dialect';
import type { Database, OutboxTable } from '@/lib/server/db/schema';
import { randomId } from '@/lib/server/ids';
import { SECRET_LINK_KINDS, WITHHELD_BODY } from './mailboxAccess';
import type { MailAttachment, MailMessage } from './MailMessage';

/** A mail of the queue, as operators, the mailbox and the worker read it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  link: string | null;
  kind: MailKind;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string;
  sentAt: string | null;
  lastError: string | null;
  createdAt: string;
  /** The date on a moved test clock the mail speaks of; null for every other mail. */
  clockAt: string | null;
  /** The document it carries as a PDF, rendered when sent; null for none. */
  attachment: MailAttachment | null;
}

/** The longest error text kept per mail: enough for the server's answer, not a whole stack. */
const LAST_ERROR_MAX = 500;

const MAIL_ID = /^mail_[a-z2-7]{20}$/;

/** Whether a string has the shape of a mail's id (the mailbox answers 404 to anything else). */
export function isMailId(id: string): boolean {
  return MAIL_ID.test(id);
}

/**
 * Queues a mail: one insert, on the database or on a caller's open transaction, so that
 * the mail is written (or rolled back) with the change it reports. It is due at once; the
 * worker sends it (kick it after the transaction commits for it to go out promptly).
 * Addresses are kept in lower case, as the identity keeps them, for the mailbox's filter.
 * `at` is the time the change happened on its subscription's clock: a mail whose clock was
 * moved (`clockOffsetMs`) is written at the real time and keeps the clock's date aside.
 */
export async function enqueueMail(db: Kysely<Database>, message: MailMessage, at: Date): Promise<string> {
  const id = randomId('mail');
  const offset = message.clockOffsetMs ?? 0;
  const now = new Date(at.getTime() - offset).toISOString();
  await db
    .insertInto('outbox')
    .values({
      id,
      to_email: message.to.trim().toLowerCase(),
      subject: message.subject,
      body_text: message.text,
      body_html: message.html,
      link: message.link,
      kind: message.kind,
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
      clock_at: offset === 0 ? null : at.toISOString(),
      attachment_json: message.attachment ? JSON.stringify(message.attachment) : null,
    })
    .execute();
  return id;
}

function toMail(row: Selectable<OutboxTable>): OutboxMail {
  return {
    id: row.id,
    to: row.to_email,
    subject: row.subject,
    text: row.body_text,
    html: row.body_html,
    link: row.link,
    kind: row.kind,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    clockAt: row.clock_at,
    attachment: row.attachment_json ? (JSON.parse(row.attachment_json) as MailAttachment) : null,
  };
}

/** The mail queue's table (0016): what the worker claims and records, and what operators read. */
export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first; only those to `email` when given (addresses are kept in lower case), none of `exceptKinds`. */
  async list(filter: { email?: string; limit: number; exceptKinds?: readonly MailKind[] }): Promise<OutboxMail[]> {
    let query = this.db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
    if (filter.email) query = query.where('to_email', '=', filter.email.trim().toLowerCase());
    if (filter.exceptKinds?.length) query = query.where('kind', 'not in', [...filter.exceptKinds]);
    return (await query.execute()).map(toMail);
  }

  async find(id: string): Promise<OutboxMail | null> {
    const row = await this.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toMail(row) : null;
  }

  /**
   * Claims up to `limit` due pending mails for `claim` until `leaseUntil`, oldest due first,
   * and answers them. The UPDATE's own condition (pending, due, not leased) is what makes a
   * claim exclusive: of two workers racing for a row, the second finds it leased and leaves
   * it. On PostgreSQL the rows another claim has locked are skipped rather than waited for.
   */
  async claimDue(input: { now: Date; leaseUntil: Date; claim: string; limit: number }): Promise<OutboxMail[]> {
    const now = input.now.toISOString();
    const postgres = dialectOf(this.db) === 'postgres';
    // The batch is chosen once, in a materialized CTE: PostgreSQL may run an IN (…LIMIT n)
    // subquery more than once in an UPDATE, and so claim more than n rows.
    const rows = await this.db
      .with(
        (cte) => cte('batch').materialized(),
        (db) => {
          const batch = db
            .selectFrom('outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', now)
            .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(input.limit);
          return postgres ? batch.forUpdate().skipLocked() : batch;
        },
      )
      .updateTable('outbox')
      .set({ lease_until: input.leaseUntil.toISOString(), claimed_by: input.claim })
      .where('id', 'in', (eb) => eb.selectFrom('batch').select('batch.id'))
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .returningAll()
      .execute();
    return rows.map(toMail).sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.id.localeCompare(b.id));
  }

  /**
   * Records a try's success; false when the claim has lost the mail (its lease ran out and
   * another took it). `forgetLinks` (mail that really left, by SMTP): the main link is
   * cleared, and the bodies of a mail whose links are credentials, so that nobody reading
   * the outbox later can use them.
   */
  async markSent(id: string, claim: string, at: Date, options: { forgetLinks?: boolean } = {}): Promise<boolean> {
    const sent = { status: 'sent' as const, sent_at: at.toISOString() };
    if (!options.forgetLinks) return this.record(id, claim, sent);
    const row = await this.db.selectFrom('outbox').select('kind').where('id', '=', id).executeTakeFirst();
    const secret = row !== undefined && SECRET_LINK_KINDS.includes(row.kind);
    return this.record(id, claim, { ...sent, link: null, ...(secret ? { body_text: WITHHELD_BODY, body_html: null } : {}) });
  }

  /** Records a failed try that will be tried again at `nextAttemptAt`. */
  async scheduleRetry(id: string, claim: string, error: string, nextAttemptAt: Date): Promise<boolean> {
    return this.record(id, claim, { last_error: error.slice(0, LAST_ERROR_MAX), next_attempt_at: nextAttemptAt.toISOString() });
  }

  /** Records the last try's failure: the mail is given up. */
  async markFailed(id: string, claim: string, error: string): Promise<boolean> {
    return this.record(id, claim, { status: 'failed', last_error: error.slice(0, LAST_ERROR_MAX) });
  }

  /** Gives claimed mails back untried (the worker stops, or its lease is nearly over): any worker may take them at once. */
  async release(ids: readonly string[], claim: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('outbox')
      .set({ lease_until: null, claimed_by: null })
      .where('id', 'in', [...ids])
      .where('claimed_by', '=', claim)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Ends a try: counts it, drops the lease, and sets what the outcome changes, if the claim still holds the mail. */
  private async record(
    id: string,
    claim: string,
    outcome: {
      status?: MailStatus;
      sent_at?: string;
      last_error?: string;
      next_attempt_at?: string;
      link?: null;
      body_text?: string;
      body_html?: null;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('outbox')
      .set((eb) => ({ ...outcome, attempts: eb('attempts', '+', 1), lease_until: null, claimed_by: null }))
      .where('id', '=', id)
      .where('claimed_by', '=', claim)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
