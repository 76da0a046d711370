import type { Kysely } from 'kysely';
import type { VatDecision, VatReviewView } from '@/lib/operators/vatReviewViews';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { appendAudit } from '@/lib/server/operators/auditLog';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';

/** The most numbers the list shows at once, the longest waiting first. */
export const VAT_REVIEW_LIMIT = 200;

/**
 * The VAT numbers finance has yet to check: those of the running subscriptions whose company's
 * number is unverified, the longest waiting first. No register (VIES) is reachable from here: an
 * operator checks each where they can and records the outcome (reviewVatNumber).
 */
export async function vatNumbersToReview(db: Kysely<Database>, now: Date): Promise<VatReviewView[]> {
  // One read: the subscriptions with their schedules, not one more per number.
  const found = await new SubscriptionRepository(db, () => now).listUnverifiedVatNumbers(VAT_REVIEW_LIMIT);
  return found
    .filter((subscription): subscription is Subscription => subscription?.business?.vatStatus === 'unverified')
    .filter((subscription) => subscriptionStatusAt(subscription, now) !== 'ended')
    .map(reviewOf);
}

function reviewOf(subscription: Subscription): VatReviewView {
  const business = subscription.business!;
  return {
    subscriptionId: subscription.id,
    brandSlug: subscription.brandSlug,
    offerName: subscription.offerName,
    livemode: subscription.livemode,
    email: subscription.ownerEmail ?? subscription.billingEmail,
    companyName: business.companyName,
    vatNumber: business.vatNumber!,
    country: business.country,
    since: subscription.updatedAt,
  };
}

/**
 * Finance records its check of a subscription's VAT number: verified or rejected. The number
 * judged is named, so that one the subscriber changed meanwhile is not judged by the old one's
 * check (409). The same decision again changes nothing; the change and its audit entry (the
 * status before and after) are written in one transaction, and the subscription's history
 * names the operator.
 */
export async function reviewVatNumber(
  server: Pick<ServerContext, 'db' | 'clock'>,
  caller: OperatorCaller,
  subscriptionId: string,
  review: { vatNumber: string; decision: VatDecision },
): Promise<{ subscriptionId: string; vatStatus: VatDecision }> {
  const subscription = await new SubscriptionRepository(server.db, server.clock).findById(subscriptionId);
  const business = subscription?.business;
  if (!subscription || !business?.vatNumber)
    throw new HttpError(404, 'vat_number_not_found', 'This subscription has no VAT number to check.');
  if (business.vatNumber !== review.vatNumber)
    throw new HttpError(
      409,
      'vat_number_changed',
      `The subscriber changed the VAT number meanwhile, to ${business.vatNumber}: check that one.`,
    );
  if (business.vatStatus === review.decision) return { subscriptionId, vatStatus: review.decision };
  const at = server.clock();
  await server.db.transaction().execute(async (trx) => {
    const written = await new SubscriptionRepository(trx, server.clock).setBusiness(
      subscription,
      { ...business, vatStatus: review.decision },
      at,
      { kind: 'operator', id: caller.operator.id },
    );
    if (written.kind !== 'applied')
      throw new HttpError(409, 'subscription_ended', 'This subscription has ended: its VAT number needs no check.');
    await appendAudit(
      trx,
      caller.actor,
      {
        action: 'subscription.vat_number_reviewed',
        target: `subscription:${subscription.id}`,
        before: { vatNumber: business.vatNumber, vatStatus: business.vatStatus },
        after: { vatNumber: business.vatNumber, vatStatus: review.decision },
      },
      at,
    );
  });
  return { subscriptionId, vatStatus: review.decision };
}
