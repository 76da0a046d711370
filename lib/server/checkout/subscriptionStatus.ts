import type { ServerContext } from '../context/createServerContext';
import { TransactionRepository } from './TransactionRepository';

export interface VisitorSubscription {
  signedIn: boolean;
  /** Whether the signed-in visitor already holds a paid subscription to the brand (false when not signed in). */
  activeSubscription: boolean;
}

/** Who the visitor of these cookies is signed in as, and whether they already subscribe to the brand. */
export async function subscriptionStatus(server: Pick<ServerContext, 'db' | 'sessions'>, cookieHeader: string | undefined, brandSlug: string): Promise<VisitorSubscription> {
  const email = await server.sessions.email(cookieHeader);
  if (!email) return { signedIn: false, activeSubscription: false };
  return { signedIn: true, activeSubscription: await new TransactionRepository(server.db).hasPaidSubscription(email, brandSlug) };
}
