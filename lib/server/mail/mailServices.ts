import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import type { MailMessage } from './MailMessage';
import type { AttachmentRenderer, MailTransport } from './MailTransport';
import { MailWorker } from './MailWorker';
import { enqueueMail, OutboxRepository } from './OutboxRepository';
import { OutboxSinkTransport } from './OutboxSinkTransport';
import { QueueMailer } from './QueueMailer';
import { SmtpTransport } from './SmtpTransport';

/** How often the mail job looks for due mails that no kick announced: retries, and mails other instances queued. */
export const MAIL_POLL_INTERVAL_MS = 15_000;

/**
 * The server context's mail: the queue, its worker and the identity's mailer.
 *
 * To send a mail with a change: `await mail.enqueue(trx, message)` inside the change's
 * transaction, then `mail.kick()` once it has committed. A mail that reports no
 * change: `mail.send(message)`.
 */
export interface MailServices {
  /** Queues a mail on `db`, the app's database or an open transaction on it (stamped with the context's clock). */
  enqueue(db: Kysely<Database>, message: MailMessage): Promise<string>;
  /** Queues a mail on the app's database and kicks the worker. */
  send(message: MailMessage): Promise<void>;
  /**
   * Asks the mail job for a drain soon (after a mail was queued and committed), so that it goes
   * now rather than at the next poll; resolves when that drain has ended, never rejects.
   */
  kick(): Promise<void>;
  worker: MailWorker;
  /** The same as `send`, as the identity's Mailer. */
  mailer: QueueMailer;
  /** What operators and the development mailbox read. */
  outbox: OutboxRepository;
  /** Whether mail really leaves (SMTP_URL set) or stays in the development sink. */
  transport: 'smtp' | 'outbox';
  /** Renders a mail's attached document, as the worker does when it sends it (the mailbox's download too). */
  renderAttachment: AttachmentRenderer | null;
}

/** SMTP when SMTP_URL is set (from MAIL_FROM), else the development sink. */
export function mailTransportFor(env: Pick<ServerEnv, 'SMTP_URL' | 'MAIL_FROM'>): MailTransport {
  return env.SMTP_URL ? new SmtpTransport(env.SMTP_URL, env.MAIL_FROM) : new OutboxSinkTransport();
}

/**
 * Builds the mail services. `kick` asks the process's job runner for a drain (the server
 * context's); without one, nothing is sent until a test drains the worker.
 */
export function createMailServices(
  db: Kysely<Database>,
  env: Pick<ServerEnv, 'SMTP_URL' | 'MAIL_FROM'>,
  clock: () => Date,
  transport: MailTransport = mailTransportFor(env),
  kick: () => Promise<void> = async () => undefined,
  renderAttachment?: AttachmentRenderer,
): MailServices {
  const worker = new MailWorker(db, transport, { clock, ...(renderAttachment ? { renderAttachment } : {}) });
  const mailer = new QueueMailer(db, kick, clock);
  return {
    enqueue: (on, message) => enqueueMail(on, message, clock()),
    send: (message) => mailer.send(message),
    kick,
    worker,
    mailer,
    outbox: new OutboxRepository(db),
    transport: env.SMTP_URL ? 'smtp' : 'outbox',
    renderAttachment: renderAttachment ?? null,
  };
}
