import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { randomId } from '../ids';

export interface SignInMail {
  to: string;
  subject: string;
  text: string;
  link: string;
}

export interface Mailer {
  send(mail: SignInMail): Promise<void>;
}

/** "a***@example.com": enough for an operator to recognise, not an address to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * The embedded default: mail goes to the outbox table (QA and the demo read it there) and
 * the link to the server log, with the address masked.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (line: string) => void = (line) => console.info(line),
  ) {}

  async send(mail: SignInMail): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({ id: randomId('mail'), to_email: mail.to, subject: mail.subject, body_text: mail.text, link: mail.link, created_at: this.now().toISOString() })
      .execute();
    this.log(`[outbox] "${mail.subject}" for ${maskEmail(mail.to)}: ${mail.link}`);
  }
}
