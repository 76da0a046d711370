import nodemailer, { type Transporter } from 'nodemailer';
import { maskEmail } from '@/lib/server/identity/Mailer';
import type { MailTransport, OutgoingMail } from './MailTransport';

/**
 * How long a send may wait on the server, well inside the worker's lease (MailWorker), so
 * that a hung server fails the try instead of outliving the claim. nodemailer's defaults
 * (2 and 10 minutes) are for interactive use. An SMTP_URL's own query may override them.
 */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** Sends through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com), from MAIL_FROM, text and HTML parts. */
export class SmtpTransport implements MailTransport {
  readonly delivers = true;

  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: (line: string) => void = (line) => console.info(line),
  ) {
    this.transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html === null ? {} : { html: mail.html }),
      ...(mail.files?.length
        ? { attachments: mail.files.map((file) => ({ filename: file.fileName, content: file.content, contentType: file.contentType })) }
        : {}),
    });
    this.log(`[smtp] "${mail.subject}" sent to ${maskEmail(mail.to)}`);
  }
}
