import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { IdentityService } from './IdentityService';
import { OutboxMailer } from './Mailer';
import { OutboxRepository } from './OutboxRepository';
import { SmtpMailer } from './SmtpMailer';
import { builtinSessionIdentity, externalSessionIdentity, type SessionIdentity } from './sessionIdentity';

/**
 * The built-in identity (mailing through SMTP when SMTP_URL is set, else to the outbox),
 * and who is signed in: the external identity service when IDENTITY_ORIGIN is set, else the built-in one.
 */
export function createIdentityServices(
  db: Kysely<Database>,
  env: ServerEnv,
  now: () => Date,
): { identity: IdentityService; sessions: SessionIdentity } {
  const identity = new IdentityService(
    db,
    env.SMTP_URL ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM) : new OutboxMailer(new OutboxRepository(db), now),
    now,
    { sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000 },
  );
  const sessions = env.IDENTITY_ORIGIN
    ? externalSessionIdentity(env.IDENTITY_ORIGIN)
    : builtinSessionIdentity(identity, secureCookies(env));
  return { identity, sessions };
}
