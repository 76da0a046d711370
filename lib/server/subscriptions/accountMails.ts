import type { Kysely } from 'kysely';
import type { LifecycleMail } from '@/lib/subscriptions/lifecycle/lifecycle';
import type { Database } from '@/lib/server/db/schema';
import type { Subscription } from './Subscription';
import type { SubscriptionNotices } from './SubscriptionNotices';

type Queue = (notices: SubscriptionNotices, db: Kysely<Database>, subscription: Subscription, at: Date) => Promise<void>;

/**
 * The account's mails by the lifecycle's kind, each rendered by SubscriptionNotices (which
 * words a cancellation by its channel). A withdrawal's confirmation is queued by the
 * WithdrawalService in the ending transaction, with what only it knows (the refund).
 */
const QUEUES: Partial<Record<LifecycleMail['kind'], Queue>> = {
  cancellation: (notices, db, subscription, at) => notices.cancelled(db, subscription, at),
  'cancel-request': (notices, db, subscription, at) => notices.cancelled(db, subscription, at),
  resumed: (notices, db, subscription, at) => notices.resumed(db, subscription, at),
  'address-changed': (notices, db, subscription, at) => notices.addressChanged(db, subscription, at),
  'card-changed': (notices, db, subscription, at) => notices.cardChanged(db, subscription, at),
  'ended-by-care': (notices, db, subscription, at) => notices.endedByCare(db, subscription, at),
};

/** Queues, in the caller's transaction, the mails an applied account event asks for, about the record as written. */
export async function queueAccountMails(
  notices: SubscriptionNotices,
  db: Kysely<Database>,
  written: { subscription: Subscription; outcome: { mails: readonly LifecycleMail[] } },
  at: Date,
): Promise<void> {
  for (const mail of written.outcome.mails) await QUEUES[mail.kind]?.(notices, db, written.subscription, at);
}
