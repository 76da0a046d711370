import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { claimingSessions } from '@/lib/server/subscriptions/claimingSessions';
import { IdentityService } from './IdentityService';
import type { Mailer } from './Mailer';
import { builtinSessionIdentity, externalSessionIdentity, type SessionIdentity } from './sessionIdentity';

/**
 * The built-in identity (its mail queued through `mailer`, lib/server/mail), and who is
 * signed in: the external identity service when IDENTITY_ORIGIN is set (claiming what its
 * addresses bought signed out, as a used link does for the built-in one), else the built-in one.
 */
export function createIdentityServices(
  db: Kysely<Database>,
  env: ServerEnv,
  now: () => Date,
  mailer: Mailer,
): { identity: IdentityService; sessions: SessionIdentity } {
  const identity = new IdentityService(db, mailer, now, {
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    linksPerIp: env.SIGN_IN_LINKS_PER_IP,
  });
  const sessions = env.IDENTITY_ORIGIN
    ? claimingSessions(externalSessionIdentity(env.IDENTITY_ORIGIN), db, now)
    : builtinSessionIdentity(identity, secureCookies(env));
  return { identity, sessions };
}
