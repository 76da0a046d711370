import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { Subscription } from './Subscription';

/**
 * The e-mails a change to a subscription sends, each written in the database transaction of
 * the change it reports (a durable outbox sends them): a change that rolls back sends nothing,
 * and one that commits cannot lose its e-mail.
 */
export interface SubscriptionNotices {
  /** By its owner in the account: a confirmation. On the public cancel page: a confirmation with a one-click way to keep it. */
  cancelled(db: Kysely<Database>, subscription: Subscription, at: Date): Promise<void>;
  resumed(db: Kysely<Database>, subscription: Subscription, at: Date): Promise<void>;
  addressChanged(db: Kysely<Database>, subscription: Subscription, at: Date): Promise<void>;
  /** The card that renews it was changed: the new card named, so that a change its owner did not make is noticed. */
  cardChanged(db: Kysely<Database>, subscription: Subscription, at: Date): Promise<void>;
  /** Customer care ended it at once: access has ended and it will not renew (a withdrawal or an undone purchase sends its own). */
  endedByCare(db: Kysely<Database>, subscription: Subscription, at: Date): Promise<void>;
}
