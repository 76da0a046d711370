import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import type { PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { DEFAULT_RETRY_DAYS } from '@/lib/subscriptions/renewalPolicy';
import type { RenewalDeps } from './renewalEngine';

/** The renewal engine's dependencies, from the server's settings and its checkout's gateways. */
export function createRenewalDeps(
  db: Kysely<Database>,
  env: Pick<ServerEnv, 'RENEWAL_CONCURRENCY' | 'RENEWAL_GRACE_DAYS' | 'PUBLIC_ORIGIN'>,
  now: () => Date,
  gateways: readonly PaymentGateway[],
): RenewalDeps {
  return {
    db,
    gateways,
    now,
    policy: { retryDays: DEFAULT_RETRY_DAYS, graceDays: env.RENEWAL_GRACE_DAYS },
    concurrency: env.RENEWAL_CONCURRENCY,
    origin: env.PUBLIC_ORIGIN?.replace(/\/$/, '') ?? null,
    log: (line, error) => console.error(line, error),
  };
}
