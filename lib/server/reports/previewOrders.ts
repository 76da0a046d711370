import type { ExpressionBuilder } from 'kysely';
import type { Database } from '@/lib/server/db/schema';

/**
 * A preview link's orders are nobody's sales (issue 40): the report leaves out the purchase
 * made through one, the subscription it started and that subscription's renewals.
 */
const previewPurchases = (eb: ExpressionBuilder<Database, 'transactions' | 'subscriptions'>) =>
  eb.selectFrom('transactions as previewed').select('previewed.id').where('previewed.preview_version', 'is not', null);

/** A transaction that is no preview's: neither bought through a preview link nor a renewal of what one started. */
export const notPreviewTransaction = (eb: ExpressionBuilder<Database, 'transactions'>) =>
  eb.and([
    eb('transactions.preview_version', 'is', null),
    eb.or([
      eb('transactions.renewal_of', 'is', null),
      eb(
        'transactions.renewal_of',
        'not in',
        eb.selectFrom('subscriptions as started').select('started.id').where('started.transaction_id', 'in', previewPurchases(eb)),
      ),
    ]),
  ]);

/** A subscription no preview link's purchase started. */
export const notPreviewSubscription = (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
  eb('subscriptions.transaction_id', 'not in', previewPurchases(eb));
