import type { Entitlement } from '@/lib/subscriptions/subscriptionStatus';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { SubscriptionRepository } from './SubscriptionRepository';

export type VisitorEntitlement = Entitlement & { signedIn: boolean };

/**
 * Whether the visitor of these cookies may read the brand now, and until when: what a
 * brand's site asks before it shows subscriber content. Signed out is no access.
 */
export async function visitorEntitlement(
  server: Pick<ServerContext, 'db' | 'sessions' | 'clock'>,
  cookieHeader: string | undefined,
  brandSlug: string,
  livemode: boolean,
): Promise<VisitorEntitlement> {
  const email = await server.sessions.email(cookieHeader, String(livemode));
  if (!email) return { signedIn: false, access: false, until: null, renews: false };
  return { signedIn: true, ...(await new SubscriptionRepository(server.db, server.clock).entitlement(email, brandSlug, livemode)) };
}
