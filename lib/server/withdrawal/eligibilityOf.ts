import { subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';
import { withdrawalEligibility, type WithdrawalEligibility } from '@/lib/withdrawal/withdrawalPolicy';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import { clockOf } from '@/lib/server/renewals/testClock';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';

/**
 * Whether a subscription's purchase may be withdrawn from at `realNow`, on the subscription's
 * own clock (a test clock moved ahead brings the deadline closer): paid when its record was
 * written, in the transaction that marked the purchase paid.
 */
export function eligibilityOf(
  subscription: Subscription,
  purchase: Transaction,
  facts: { reserved: number; withdrawn: boolean },
  realNow: Date,
): WithdrawalEligibility {
  const now = clockOf(subscription, realNow);
  return withdrawalEligibility(
    {
      kind: purchase.kind,
      status: purchase.status,
      billingCountry: purchase.customer.country,
      paidAt: subscription.createdAt,
      total: purchase.total,
      refunded: facts.reserved,
      withdrawn: facts.withdrawn,
      ended: subscriptionStatusAt(subscription, now) === 'ended',
    },
    now,
  );
}
