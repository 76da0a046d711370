import type { ServerContext } from '@/lib/server/context/createServerContext';
import { SubscriptionRepository } from './SubscriptionRepository';

/**
 * Who the visitor of these cookies is signed in as, with the subscriptions they bought
 * signed out under that address claimed first: every question of "what do they subscribe
 * to" then reads owned records only. Null when nobody is signed in.
 */
export async function verifiedSubscriber(
  server: Pick<ServerContext, 'db' | 'sessions' | 'clock'>,
  cookieHeader: string | undefined,
  livemode?: string,
): Promise<string | null> {
  const email = await server.sessions.email(cookieHeader, livemode);
  if (email) await new SubscriptionRepository(server.db, server.clock).claimForVerifiedEmail(email, server.clock());
  return email;
}
