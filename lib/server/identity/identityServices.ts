import { appDb } from '../db/appDb';
import { IdentityService } from './IdentityService';
import { OutboxMailer } from './Mailer';
import { SmtpMailer } from './SmtpMailer';
import { serverEnv } from '../../config/serverEnv';
import { builtinSessionIdentity, externalSessionIdentity, type SessionIdentity } from './sessionIdentity';

const holder = globalThis as typeof globalThis & { __identity?: Promise<IdentityService> };

/** The server's identity service: the built-in one, mailing through SMTP when SMTP_URL is set, else to the outbox. */
export function identityService(): Promise<IdentityService> {
  const { SMTP_URL, MAIL_FROM } = serverEnv();
  holder.__identity ??= appDb().then((db) => new IdentityService(db, SMTP_URL ? new SmtpMailer(SMTP_URL, MAIL_FROM) : new OutboxMailer(db)));
  return holder.__identity;
}

const sessionHolder = globalThis as typeof globalThis & { __sessionIdentity?: Promise<SessionIdentity> };

/** Who is signed in: the external identity service when IDENTITY_ORIGIN is set, else the built-in one. */
export function sessionIdentity(): Promise<SessionIdentity> {
  const { IDENTITY_ORIGIN } = serverEnv();
  sessionHolder.__sessionIdentity ??= IDENTITY_ORIGIN
    ? Promise.resolve(externalSessionIdentity(IDENTITY_ORIGIN))
    : identityService().then(builtinSessionIdentity);
  return sessionHolder.__sessionIdentity;
}
