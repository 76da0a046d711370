import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import type { PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { DEFAULT_RETRY_DAYS } from '@/lib/subscriptions/renewalPolicy';
import type { ProviderEventDeps } from './providerRenewalEvents';
import type { RenewalDeps } from './renewalEngine';

/**
 * What a provider's renewal events need (providerRenewalEvents.ts), from the server's
 * settings: the checkout's gateways are made with it (the sandbox PayPal sends itself its
 * events), so it comes before them.
 */
export function createProviderEventDeps(
  db: Kysely<Database>,
  env: Pick<ServerEnv, 'RENEWAL_GRACE_DAYS' | 'PUBLIC_ORIGIN'>,
  now: () => Date,
): ProviderEventDeps {
  return {
    db,
    now,
    policy: { retryDays: DEFAULT_RETRY_DAYS, graceDays: env.RENEWAL_GRACE_DAYS },
    origin: env.PUBLIC_ORIGIN?.replace(/\/$/, '') ?? null,
    log: (line, error) => (error === undefined ? console.info(line) : console.error(line, error)),
  };
}

/** Subscriptions one claim takes: a pass that took this many claims again at once (lib/server/jobs/renewalsJob.ts). */
export const RENEWAL_BATCH = 500;

/** The renewal engine's dependencies, from the server's settings and its checkout's gateways. */
export function createRenewalDeps(
  db: Kysely<Database>,
  env: Pick<ServerEnv, 'RENEWAL_CONCURRENCY' | 'RENEWAL_GRACE_DAYS' | 'RENEWAL_LEASE_SECONDS' | 'PUBLIC_ORIGIN'>,
  now: () => Date,
  gateways: readonly PaymentGateway[],
): RenewalDeps {
  return {
    ...createProviderEventDeps(db, env, now),
    gateways,
    concurrency: env.RENEWAL_CONCURRENCY,
    leaseMs: env.RENEWAL_LEASE_SECONDS * 1000,
    batch: RENEWAL_BATCH,
  };
}
