import { maskEmail } from '@/lib/server/identity/Mailer';
import type { MailTransport, OutgoingMail } from './MailTransport';

/**
 * The development sink, without SMTP_URL: a mail is "delivered" by staying in the outbox
 * table (the worker marks it sent at once), where QA, the demo and /mailbox read it, and
 * its main link goes to the server log, with the address masked.
 */
export class OutboxSinkTransport implements MailTransport {
  /** The outbox is where this mail is read: it keeps everything. */
  readonly delivers = false;

  constructor(private readonly log: (line: string) => void = (line) => console.info(line)) {}

  async send(mail: OutgoingMail): Promise<void> {
    const files = mail.files?.length ? ` with ${mail.files.map((file) => file.fileName).join(', ')}` : '';
    this.log(`[outbox] "${mail.subject}" for ${maskEmail(mail.to)}${files}${mail.link ? `: ${mail.link}` : ''}`);
  }
}
