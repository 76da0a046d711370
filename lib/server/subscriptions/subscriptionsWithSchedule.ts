import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';

/**
 * Subscriptions as `subscriptionOf` reads them: each row with when the engine is next due
 * for it, kept in the engine's narrow schedule (migration 0046). Add the conditions.
 */
export const subscriptionsWithSchedule = (db: Kysely<Database>) =>
  db
    .selectFrom('subscriptions')
    .leftJoin('subscription_schedule', 'subscription_schedule.subscription_id', 'subscriptions.id')
    .selectAll('subscriptions')
    .select('subscription_schedule.next_action_at');
