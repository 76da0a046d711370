import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';

/**
 * Subscriptions as `subscriptionOf` reads them: each row with when the engine is next due
 * for it, kept in the engine's narrow schedule (migration 0046), and how far its test clock
 * runs ahead, kept in its own record (migration 0047; 0 without one: the real clock). Add
 * the conditions.
 */
export const subscriptionsWithSchedule = (db: Kysely<Database>) =>
  db
    .selectFrom('subscriptions')
    .leftJoin('subscription_schedule', 'subscription_schedule.subscription_id', 'subscriptions.id')
    .leftJoin('subscription_test_clocks', 'subscription_test_clocks.subscription_id', 'subscriptions.id')
    .selectAll('subscriptions')
    .select('subscription_schedule.next_action_at')
    .select(sql<number>`coalesce(subscription_test_clocks.offset_ms, 0)`.as('clock_offset_ms'));
