import { appDb } from '../db/appDb';
import { IdentityService } from './IdentityService';
import { OutboxMailer } from './Mailer';
import { SmtpMailer } from './SmtpMailer';
import { serverEnv } from '../../config/serverEnv';

const holder = globalThis as typeof globalThis & { __identity?: Promise<IdentityService> };

/** The server's identity service: the built-in one, mailing through SMTP when SMTP_URL is set, else to the outbox. */
export function identityService(): Promise<IdentityService> {
  const { SMTP_URL, MAIL_FROM } = serverEnv();
  holder.__identity ??= appDb().then((db) => new IdentityService(db, SMTP_URL ? new SmtpMailer(SMTP_URL, MAIL_FROM) : new OutboxMailer(db)));
  return holder.__identity;
}
