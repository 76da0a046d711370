import { serverEnv } from '../../config/serverEnv';
import { appDb } from '../db/appDb';
import { requestClientKey } from '../http/clientAddress';
import { RateLimiter } from '../identity/RateLimiter';
import { abusePolicy } from './abuseLimits';
import { CheckoutLimits } from './CheckoutLimits';

type AddressedRequest = Parameters<typeof requestClientKey>[0];

/** The abuse limits of the client a checkout request comes from, with the server's configured numbers. */
export async function checkoutLimitsFor(req: AddressedRequest): Promise<CheckoutLimits> {
  const env = serverEnv();
  const db = await appDb();
  const now = () => new Date();
  const policy = abusePolicy({
    submitsPerClientLive: env.CHECKOUT_SUBMITS_PER_CLIENT_LIVE,
    submitsPerClientTest: env.CHECKOUT_SUBMITS_PER_CLIENT_TEST,
    quotesPerClient: env.CHECKOUT_QUOTES_PER_CLIENT,
  });
  return new CheckoutLimits(new RateLimiter(db, now), policy, requestClientKey(req, env.TRUSTED_PROXY_HOPS), now);
}
