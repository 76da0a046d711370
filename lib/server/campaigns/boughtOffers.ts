import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { notPreviewSubscription, notPreviewTransaction } from '@/lib/server/reports/previewOrders';

/**
 * Which of `offerIds` anyone has bought: a subscription holds it, or a purchase was made of it (or is under way)
 * (in test mode too: a tester's subscription renews at its offer's price like any other). A
 * preview link's purchase is not counted: the draft it tried keeps prices the marketer may still change.
 */
export async function boughtOfferIds(db: Kysely<Database>, offerIds: readonly string[]): Promise<Set<string>> {
  if (offerIds.length === 0) return new Set();
  const [subscribed, purchased] = await Promise.all([
    db.selectFrom('subscriptions').select('offer_id').distinct().where('offer_id', 'in', offerIds).where(notPreviewSubscription).execute(),
    db.selectFrom('transactions').select('offer_id').distinct().where('offer_id', 'in', offerIds).where(notPreviewTransaction).execute(),
  ]);
  return new Set([...subscribed, ...purchased].map((row) => row.offer_id));
}
