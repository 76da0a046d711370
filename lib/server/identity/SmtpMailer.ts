import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, SignInMail } from './Mailer';
import { maskEmail } from './Mailer';

/** Sends sign-in mail through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: (line: string) => void = (line) => console.info(line),
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: SignInMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
    this.log(`[smtp] "${mail.subject}" sent to ${maskEmail(mail.to)}`);
  }
}
