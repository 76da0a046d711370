import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { VisitorSubscription } from '@/lib/checkout/visitorSubscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';

/** Who the visitor of these cookies is signed in as, and whether they already subscribe to the brand. */
export async function subscriptionStatus(
  server: Pick<ServerContext, 'db' | 'sessions' | 'clock'>,
  cookieHeader: string | undefined,
  brandSlug: string,
): Promise<VisitorSubscription> {
  const email = await server.sessions.email(cookieHeader);
  if (!email) return { signedIn: false, activeSubscription: false };
  return {
    signedIn: true,
    activeSubscription: await new SubscriptionRepository(server.db, server.clock).ownsLiveSubscription(email, brandSlug),
  };
}
