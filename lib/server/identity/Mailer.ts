import type { OutboxRepository } from './OutboxRepository';

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
    private readonly outbox: OutboxRepository,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (line: string) => void = (line) => console.info(line),
  ) {}

  async send(mail: SignInMail): Promise<void> {
    await this.outbox.add(mail, this.now());
    this.log(`[outbox] "${mail.subject}" for ${maskEmail(mail.to)}: ${mail.link}`);
  }
}
