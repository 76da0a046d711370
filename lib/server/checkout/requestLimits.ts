import type { ServerContext } from '@/lib/server/context/createServerContext';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { abusePolicy, type AbusePolicy } from './abuseLimits';
import { CheckoutLimits } from './CheckoutLimits';

type AddressedRequest = Parameters<typeof requestClientKey>[0];

/** The abuse policy with the server's configured numbers. */
export const configuredAbusePolicy = (env: ServerContext['config']): AbusePolicy =>
  abusePolicy({
    submitsPerClientLive: env.CHECKOUT_SUBMITS_PER_CLIENT_LIVE,
    submitsPerClientTest: env.CHECKOUT_SUBMITS_PER_CLIENT_TEST,
    quotesPerClient: env.CHECKOUT_QUOTES_PER_CLIENT,
  });

/** The abuse limits of the client a checkout request comes from, with the server's configured numbers. */
export function checkoutLimitsFor(server: Pick<ServerContext, 'config' | 'db' | 'clock'>, req: AddressedRequest): CheckoutLimits {
  const { config: env, db, clock: now } = server;
  return new CheckoutLimits(new RateLimiter(db, now), configuredAbusePolicy(env), requestClientKey(req, env), now);
}
