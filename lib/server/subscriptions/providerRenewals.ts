import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { operatorAlert } from '@/lib/server/operations/operatorAlert';
import { PROVIDER_UNAVAILABLE_CODE } from '@/lib/payments/providerOutage';
import type { PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { renewsByItself } from '@/lib/server/payments/renewalLookup';
import type { Subscription } from './Subscription';
import { MAX_PROVIDER_TRIES } from '@/lib/subscriptions/lifecycle/lifecycle';
import { SubscriptionRepository } from './SubscriptionRepository';

export interface ProviderRenewalsDeps {
  db: Kysely<Database>;
  /** The gateways of the enabled payment methods. */
  gateways: readonly PaymentGateway[];
  now: () => Date;
  log: (line: string, error?: unknown) => void;
  /** Tells the operators of a subscription the settling pass gave up on (operatorAlert unless a test listens). */
  alert?: (kind: string, key: string, message: string) => void;
}

/** A provider that is down (PaymentProviderUnavailable) may answer later; anything else it answered is a refusal. */
const isOutage = (error: unknown) => error instanceof HttpError && error.code === PROVIDER_UNAVAILABLE_CODE;

/** What asking the provider came to, for one subscription (ids and states only: no customer data). */
export type ProviderRenewalOutcome =
  /** The provider stopped its renewals, and the record says so. */
  | { kind: 'paused'; subscriptionId: string }
  /** The provider renews it again (the subscriber took the cancellation back), and the record says so. */
  | { kind: 'resumed'; subscriptionId: string }
  /** Not settled: the record stays marked, and the next pass asks again. */
  | { kind: 'left'; subscriptionId: string; reason: string };

/** A subscriber who changes their mind this often while the provider is asked is left to the next pass. */
const MAX_ROUNDS = 3;

/**
 * Brings the provider's renewals in line with the record: paused while it is cancelled,
 * running while it renews, and records what the provider confirmed as the lifecycle's
 * `provider-settled` (`recordProviderRenewals`). A subscriber may cancel or resume while
 * the provider is being asked: the lifecycle then refuses it on the record as it is now,
 * and the provider is asked again the other way, so that it ends as the record says. When
 * the provider cannot be reached, the record is left marked for the retry pass
 * (`markProviderUnsettled`). Asking twice is harmless: pausing a paused subscription, or
 * resuming a running one, is done once (`PaymentGateway.pauseRenewals`). Null when the
 * provider does not renew it by itself.
 */
export async function settleAtProvider(deps: ProviderRenewalsDeps, seen: Subscription): Promise<ProviderRenewalOutcome | null> {
  const gateway = deps.gateways.find((candidate) => candidate.name === seen.gateway);
  if (!renewsByItself(gateway) || !seen.instrument) return null;
  const records = new SubscriptionRepository(deps.db, deps.now);
  // A wallet's subscription keeps its instrument: only a card's is ever changed.
  const instrument = seen.instrument;
  const subscriptionId = seen.id;
  let subscription = seen;
  for (let round = 1; ; round += 1) {
    const pause = subscription.cancelAtPeriodEnd;
    try {
      if (pause) await gateway.pauseRenewals(instrument, subscription.livemode);
      else await gateway.resumeRenewals(instrument, subscription.livemode);
    } catch (error) {
      const what = pause ? 'pause the renewals of' : 'resume the renewals of';
      const stands = pause ? 'the cancellation stands' : 'the resume stands';
      deps.log(`[subscriptions] ${gateway.name} did not ${what} ${subscriptionId}; ${stands}, and the next pass asks again`, error);
      const marked = await records.markProviderUnsettled(subscription, pause, deps.now());
      const held = marked.kind === 'applied' ? marked.subscription : subscription;
      if (!isOutage(error) && (await records.countProviderRefusal(held))) {
        (deps.alert ?? operatorAlert)(
          'provider-renewals-given-up',
          subscriptionId,
          `${gateway.name} refused ${MAX_PROVIDER_TRIES} times in a row to ${pause ? 'pause' : 'resume'} the renewals of ${subscriptionId}; no pass asks again: settle it at ${gateway.name}`,
        );
        return { kind: 'left', subscriptionId, reason: `${gateway.name} refused ${MAX_PROVIDER_TRIES} times: given up` };
      }
      return { kind: 'left', subscriptionId, reason: `${gateway.name} refused or could not be reached` };
    }
    if (await records.recordProviderRenewals(subscription, pause, deps.now())) {
      return { kind: pause ? 'paused' : 'resumed', subscriptionId };
    }
    // The subscriber changed their mind while the provider was asked: follow the record as it is now.
    const current = await records.findById(subscriptionId);
    if (!current) return { kind: 'left', subscriptionId, reason: 'the record is gone' };
    if (round === MAX_ROUNDS) {
      await records.markProviderUnsettled(current, current.cancelAtPeriodEnd, deps.now());
      return { kind: 'left', subscriptionId, reason: 'changed while the provider was asked; the next pass settles it' };
    }
    subscription = current;
  }
}
