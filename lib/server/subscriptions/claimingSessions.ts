import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { SessionIdentity } from '@/lib/server/identity/sessionIdentity';
import { SubscriptionRepository } from './SubscriptionRepository';

/**
 * An external identity service signs visitors in where we never see a link used, so its
 * verified address claims what was bought signed out the first time a request of theirs
 * carries it: a read on every signed-in request (beside the service's own network call), a
 * write only when something waits to be claimed.
 */
export function claimingSessions(sessions: SessionIdentity, db: Kysely<Database>, now: () => Date): SessionIdentity {
  return {
    verify: (cookieHeader, livemode) => sessions.verify(cookieHeader, livemode),
    async email(cookieHeader, livemode) {
      const email = await sessions.email(cookieHeader, livemode);
      if (email) {
        const records = new SubscriptionRepository(db, now);
        if (await records.hasUnclaimed(email)) await records.claimForVerifiedEmail(email, now());
      }
      return email;
    },
  };
}
