import { applyEvent, type SubscriptionContract } from '@/lib/subscriptions/lifecycle/lifecycle';
import type { ConsentProof, Transaction } from '@/lib/server/checkout/Transaction';
import type { GatewayName, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import type { Subscription } from './Subscription';

/** What renews a payment whose gateway did not say, as the gateway's renewal declaration builds it. */
export { instrumentFromPayment } from '@/lib/server/payments/renewalLookup';

/**
 * The subscription a paid order starts, at the moment it was paid, as the lifecycle's
 * `purchased` makes it. Its owner is the identity it was bought under; bought signed out,
 * the billing address when that address has signed in with a link before
 * (`billingAddressVerified`: the link proved it), else nobody until a link sent to that
 * address is used. The duplicate notice is queued by its own look-up (duplicateNotice.ts).
 */
export function newSubscription(
  transaction: Transaction,
  subscriptionId: string,
  paidAt: Date,
  instrument: RenewalInstrument | null,
  billingAddressVerified = false,
): Omit<Subscription, 'createdAt' | 'updatedAt'> {
  const outcome = applyEvent<GatewayName, RenewalInstrument, ConsentProof>(
    null,
    { kind: 'purchased', subscriptionId, purchase: transaction, instrument, billingAddressVerified, earlierLiveSubscription: false },
    paidAt,
  );
  if (outcome.kind === 'refused') throw new Error(`a purchase starts a subscription: ${outcome.reason}`);
  // A purchase's changes are its whole contract, with its stamps (written by the store's insert).
  const { createdAt: _created, updatedAt: _updated, providerTries: _tries, ...contract } = outcome.changes;
  // The renewal engine decides its first step (a notice, or the renewal) at its next pass.
  return { ...(contract as SubscriptionContract<GatewayName, RenewalInstrument, ConsentProof>), nextActionAt: outcome.nextRunAt };
}
