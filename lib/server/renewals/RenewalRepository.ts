import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { nextInvoiceNumber } from '@/lib/server/checkout/invoiceNumbers';
import { issueInvoice } from '@/lib/invoices/invoice';
import { marketOf, sellerFor, sellerOnInvoice } from '@/lib/invoices/seller';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import { paidOrderOfRow } from '@/lib/server/invoices/invoiceRows';
import { dialectOf } from '@/lib/server/db/dialect';
import type { Database, TransactionTable } from '@/lib/server/db/schema';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { enqueueMail } from '@/lib/server/mail/OutboxRepository';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { subscriptionOf } from '@/lib/server/subscriptions/SubscriptionRepository';
import { appendHistoryEvent, SubscriptionStore } from '@/lib/server/subscriptions/SubscriptionStore';
import { subscriptionsWithSchedule } from '@/lib/server/subscriptions/subscriptionsWithSchedule';
import { BUYER, SYSTEM, type Actor, type Cause } from '@/lib/server/subscriptions/subscriptionHistory';
import { writeEvent, type ServerEvent } from '@/lib/server/subscriptions/writeEvent';
import type { LifecycleMail } from '@/lib/subscriptions/lifecycle/lifecycle';
import { noticeKey, type NoticeKind } from '@/lib/subscriptions/renewalNotices';
import { randomId } from '@/lib/server/ids';
import { offerRenewalPrice } from '@/lib/pricing/offerPrice';

/** A renewal's charge that came back, to record. */
export interface ChargedRenewal {
  transactionId: string;
  paymentId: string | null;
  period: { start: string; end: string };
  /** On the subscription's own clock. */
  at: Date;
}

/** Who recorded a renewal's outcome: our engine unless told. */
export interface Recorded {
  actor?: Actor;
}

/** A subscription moved by the lifecycle's event, on the record the caller holds (the engine's, a bank's, PayPal's). */
export interface LifecycleMove {
  subscription: Subscription;
  event: ServerEvent;
  /** Real time: the lifecycle puts the event on the subscription's own clock. */
  now: Date;
  /** Written while the engine's run holds it, or before the caller makes it due (a bank's confirmation): the release schedules it. */
  leaveSchedule?: boolean;
  /** Told the record as written, for a caller that goes on with it (the engine's run, which then need not read it again). */
  onWritten?: (subscription: Subscription) => void;
}

/** Writes the event of a move, the lifecycle's refusal its guard: the mails it asks for, or null when refused. */
async function movedBy(trx: Kysely<Database>, move: LifecycleMove, cause: Cause): Promise<readonly LifecycleMail[] | null> {
  const written = await writeEvent(trx, move.subscription, move.event, { now: move.now, cause, leaveSchedule: move.leaveSchedule });
  if (written.kind !== 'applied') return null;
  move.onWritten?.(written.subscription);
  return written.outcome.mails;
}

/** A notice sent, on the record the engine's run holds: written while the run holds it, so the release schedules it. */
export interface NoticeMove {
  subscription: Subscription;
  event: Extract<ServerEvent, { kind: 'notice-sent' }>;
  /** Real time: the lifecycle dates it on the subscription's own clock. */
  now: Date;
}

/** Rolls a notice's transaction back when the lifecycle refuses it. */
class NoticeSentAlready extends Error {}

/** A schedule row no run holds at `at`: never leased, or its lease ran out. */
const leaseFree = (at: string) => (eb: ExpressionBuilder<Database, 'subscription_schedule'>) =>
  eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]);

const asks = (mails: readonly LifecycleMail[] | null, kind: LifecycleMail['kind']) => mails?.some((mail) => mail.kind === kind) ?? false;

/**
 * The renewal engine's storage: which subscriptions are due, who runs them, and what each
 * try did. Every write that records an outcome is one database transaction guarded by the
 * state it moves from, so a repeated or late write changes nothing.
 */
export class RenewalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims up to `limit` subscriptions whose next action is due at `now` (real time) and
   * that no run holds, until `leaseUntil`, reading and writing their schedule alone (one
   * indexed read: `dueQuery`), then reads those claimed. Instances share them: on
   * PostgreSQL the due rows are locked with FOR UPDATE SKIP LOCKED, so two claims never
   * wait on or take the same row; SQLite runs one write at a time, so its guarded update is
   * the claim. The subscriptions' rows and versions stay as they are.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<Subscription[]> {
    const at = now.toISOString();
    const claimed = await new SubscriptionStore(this.db).updateSchedule(
      (eb) => eb.and([eb('subscription_id', 'in', this.dueQuery(now, limit)), leaseFree(at)(eb)]),
      { lease_until: leaseUntil.toISOString() },
    );
    if (claimed.length === 0) return [];
    const rows = await subscriptionsWithSchedule(this.db)
      .where(
        'id',
        'in',
        claimed.map((row) => row.subscription_id),
      )
      .execute();
    return rows.map(subscriptionOf);
  }

  /** The schedule rows due at `now` that no run holds, soonest first: what a claim takes (locked on PostgreSQL). */
  dueQuery(now: Date, limit: number) {
    const at = now.toISOString();
    const due = this.db
      .selectFrom('subscription_schedule')
      .select('subscription_id')
      .where('next_action_at', '<=', at)
      .where(leaseFree(at))
      .orderBy('next_action_at')
      .limit(limit);
    return dialectOf(this.db) === 'postgres' ? due.forUpdate().skipLocked() : due;
  }

  /** Claims one subscription now, whatever its next action (a test clock moved, a card changed); null when a run holds it. */
  async claimOne(id: string, now: Date, leaseUntil: Date): Promise<Subscription | null> {
    const at = now.toISOString();
    const [claimed] = await new SubscriptionStore(this.db).updateSchedule(
      (eb) => eb.and([eb('subscription_id', '=', id), leaseFree(at)(eb)]),
      { lease_until: leaseUntil.toISOString() },
    );
    if (!claimed) return null;
    const row = await subscriptionsWithSchedule(this.db).where('id', '=', id).executeTakeFirst();
    return row ? subscriptionOf(row) : null;
  }

  /** Ends a run's claim and says when the subscription is next due (real time; null: never). */
  async release(id: string, nextActionAt: string | null, lease: Date, claimedAt: Date): Promise<void> {
    // A change made while the run held it (a cancel, a resume, a price import) made it due after the claim: kept when sooner.
    const claimed = claimedAt.toISOString();
    const next =
      nextActionAt === null
        ? sql<string | null>`case when next_action_at > ${claimed} then next_action_at else null end`
        : sql<string>`case when next_action_at > ${claimed} and next_action_at < ${nextActionAt} then next_action_at else ${nextActionAt} end`;
    await new SubscriptionStore(this.db).updateSchedule(
      (eb) => eb.and([eb('subscription_id', '=', id), eb('lease_until', '=', lease.toISOString())]),
      { lease_until: null, next_action_at: next },
    );
  }

  /**
   * The renewal's transaction, ready for a try: written if it is the period's first, or set
   * back to processing after a failed try. Answers its status: `succeeded` means the period
   * is paid already (nothing to charge); `processing` that a try may charge.
   */
  async openCharge(
    row: Insertable<TransactionTable>,
    at: Date,
    key: string | null = null,
  ): Promise<{ status: string; createdAt: string; leftUnansweredUnder: string | null; keyRecorded: boolean }> {
    const before = await this.db
      .selectFrom('transactions')
      .select(['status', 'renewal_key', 'created_at'])
      .where('id', '=', row.id)
      .executeTakeFirst();
    if (!before) {
      const written = await this.db
        .insertInto('transactions')
        .values({ ...row, renewal_key: key })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      // Another run wrote it first: what it wrote decides.
      if (written.numInsertedOrUpdatedRows === 0n) return this.openCharge(row, at, key);
      return { status: 'processing', createdAt: String(row.created_at), leftUnansweredUnder: null, keyRecorded: true };
    }
    if (before.status === 'failed') {
      const reopened = await this.db
        .updateTable('transactions')
        .set({ status: 'processing', renewal_key: key, updated_at: at.toISOString() })
        .where('id', '=', row.id)
        .where('kind', '=', 'renewal')
        .where('status', '=', 'failed')
        .executeTakeFirst();
      if (reopened.numUpdatedRows === 0n) return this.openCharge(row, at, key);
      return { status: 'processing', createdAt: before.created_at, leftUnansweredUnder: null, keyRecorded: true };
    }
    return {
      status: before.status,
      createdAt: before.created_at,
      // Processing: a try sent and never recorded (the provider did not answer, or the run died), under this key.
      leftUnansweredUnder: before.status === 'processing' ? before.renewal_key : null,
      keyRecorded: before.status === 'processing' && before.renewal_key === key,
    };
  }

  /** The key of the try about to be sent: a later run asks the provider about it first if it is never answered. */
  async sendingTry(transactionId: string, key: string): Promise<void> {
    await this.db.updateTable('transactions').set({ renewal_key: key }).where('id', '=', transactionId).execute();
  }

  /**
   * A renewal paid: its transaction succeeds with the next invoice number, its invoice is
   * issued, the subscription moves as the lifecycle's `renewal-paid` says (to the paid period,
   * active again), and the receipt is queued, all or nothing. False when it was recorded
   * already. The sale is recorded and invoiced whatever the lifecycle says: one that ended
   * meanwhile is not made active again, nor sent a receipt.
   */
  async recordPaid(
    charged: ChargedRenewal,
    move: LifecycleMove,
    receipt: (invoiceNumber: string) => MailMessage | null,
    recorded: Recorded = {},
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const stamp = charged.at.toISOString();
      const moved = await trx
        .updateTable('transactions')
        // failure_code stays: a renewal paid after a failed try keeps that try's code, the mark of a recovered one.
        .set({ status: 'succeeded', gateway_payment_id: charged.paymentId, updated_at: stamp })
        .where('id', '=', charged.transactionId)
        .where('kind', '=', 'renewal')
        .where('status', 'in', ['processing', 'requires_action', 'failed'])
        .returningAll()
        .executeTakeFirst();
      if (!moved) return false;
      const mails = await movedBy(trx, move, { event: 'renewal_paid', actor: recorded.actor ?? SYSTEM });
      // The number last: its sequence's row stays locked until commit, and every renewal of every instance waits on it.
      const seller = sellerFor(moved.brand_slug, marketOf(moved.locale));
      const invoiceNumber = await nextInvoiceNumber(trx, moved.livemode === 1, charged.at, seller);
      await trx.updateTable('transactions').set({ invoice_number: invoiceNumber }).where('id', '=', charged.transactionId).execute();
      await new InvoiceRepository(trx).issue(
        issueInvoice(paidOrderOfRow(moved), invoiceNumber, stamp, seller ? sellerOnInvoice(seller) : null),
      );
      const mail = asks(mails, 'renewal-receipt') ? receipt(invoiceNumber) : null;
      if (mail) await enqueueMail(trx, mail, charged.at);
      return true;
    });
  }

  /**
   * A try that failed: its transaction fails with the code, the subscription moves as the
   * lifecycle's `renewal-failed` says (past due with its next try and grace), and the e-mail
   * is queued when the lifecycle asks for it, all or nothing. False when it was recorded already.
   */
  async recordFailed(
    charged: ChargedRenewal & { code: PaymentFailureCode; status: 'failed' | 'requires_action' },
    move: LifecycleMove,
    mail: MailMessage | null,
    recorded: Recorded = {},
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const stamp = charged.at.toISOString();
      const moved = await trx
        .updateTable('transactions')
        .set({
          status: 'failed',
          failure_code: charged.code,
          updated_at: stamp,
          ...(charged.paymentId ? { gateway_payment_id: charged.paymentId } : {}),
        })
        .where('id', '=', charged.transactionId)
        .where('kind', '=', 'renewal')
        .where('status', '=', 'processing')
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) return false;
      const mails = await movedBy(trx, move, { event: 'renewal_failed', actor: recorded.actor ?? SYSTEM });
      if (mail && asks(mails, 'renewal-failed')) await enqueueMail(trx, mail, charged.at);
      return true;
    });
  }

  /**
   * Ends a subscription by the lifecycle's ending event (its cancelled period is over, it
   * stayed unpaid, its provider ended it), with its e-mail when the lifecycle asks for it;
   * false when it had ended.
   */
  async end(move: LifecycleMove, at: Date, mail: MailMessage | null, recorded: Recorded = {}): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const mails = await movedBy(trx, move, { event: 'ended', actor: recorded.actor ?? SYSTEM });
      if (mails === null) return false;
      if (mail && asks(mails, 'renewal-ended')) await enqueueMail(trx, mail, at);
      return true;
    });
  }

  /** What the catalogue says the offer's renewals cost now; null when the offer is gone from it. */
  async catalogueRenewalAmount(offerId: string): Promise<number | null> {
    const offer = await this.db
      .selectFrom('offers')
      .select(['total_amount', 'discounted_amount', 'trial_offer'])
      .where('id', '=', offerId)
      .executeTakeFirst();
    if (!offer) return null;
    return offerRenewalPrice({
      totalAmount: offer.total_amount,
      discountedAmount: offer.discounted_amount,
      trialOffer: offer.trial_offer === 1,
    });
  }

  /**
   * The country a subscription's purchase was billed to (its billing address, as the order
   * kept it): the market whose notices it gets. Null when the purchase names none.
   */
  async billingCountry(transactionId: string): Promise<string | null> {
    const row = await this.db.selectFrom('transactions').select('customer_json').where('id', '=', transactionId).executeTakeFirst();
    if (!row) return null;
    const country = (JSON.parse(row.customer_json) as { country?: unknown }).country;
    return typeof country === 'string' && country !== '' ? country : null;
  }

  /** The notices sent to a subscription already, as noticeKey()s. */
  async noticesSent(subscriptionId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('subscription_notices')
      .select(['kind', 'about'])
      .where('subscription_id', '=', subscriptionId)
      .execute();
    return new Set(rows.map((row) => noticeKey(row.kind as NoticeKind, row.about)));
  }

  /**
   * Records a notice and queues its e-mail, both or neither, with the lifecycle's
   * `notice-sent` (a price change's new price then waits for its renewal); once per
   * subscription, kind and instant (a second run sends nothing). `at`: the instant it is
   * sent and dated, on its own clock. False when it was sent already.
   */
  async recordNotice(move: NoticeMove, content: object, mail: MailMessage | null, at: Date): Promise<boolean> {
    const { event } = move;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('subscription_notices')
          .values({
            id: randomId('ntc', 16),
            subscription_id: move.subscription.id,
            kind: event.notice,
            about: event.about,
            due_at: event.dueAt,
            sent_at: at.toISOString(),
            mail_id: null,
            content_json: JSON.stringify(content),
          })
          .onConflict((oc) => oc.columns(['subscription_id', 'kind', 'about']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return false;
        const written = await writeEvent(trx, move.subscription, event, {
          now: move.now,
          cause: { event: 'price_pending', actor: SYSTEM },
          leaveSchedule: true,
        });
        // The notices the engine read say it was sent already: the row just written goes with the rest.
        if (written.kind === 'refused') throw new NoticeSentAlready();
        // A notice of a new price is told by the price it makes pending; any other only by itself.
        if (written.outcome.changes.pendingPrice === undefined) {
          await appendHistoryEvent(
            trx,
            move.subscription.id,
            { event: 'notice_sent', actor: SYSTEM },
            { notice: event.notice, about: event.about },
          );
        }
        if (mail && written.outcome.mails.length > 0) {
          const mailId = await enqueueMail(trx, mail, at);
          await trx.updateTable('subscription_notices').set({ mail_id: mailId }).where('id', '=', inserted.id).execute();
        }
        return true;
      });
    } catch (error) {
      if (error instanceof NoticeSentAlready) return false;
      throw error;
    }
  }

  /** A card changed while past due: its next try is now (on its own clock), and the engine is due at once (the lifecycle's `retried-now`). */
  async retryNow(subscription: Subscription, now: Date): Promise<void> {
    await writeEvent(this.db, subscription, { kind: 'retried-now' }, { now, cause: { event: 'retry_now', actor: BUYER } });
  }

  /** Makes a subscription due at once: the next pass (or runRenewalsOf) schedules its next step from its record. */
  async dueNow(id: string, now: Date): Promise<void> {
    await new SubscriptionStore(this.db).updateSchedule((eb) => eb('subscription_id', '=', id), { next_action_at: now.toISOString() });
  }

  /**
   * The bank refused a renewal it held for the subscriber's check: the try's code is the
   * refusal, so that the account offers another card rather than the same check again.
   */
  async recordHeldRefused(subscription: Subscription, transactionId: string, code: PaymentFailureCode, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // On the subscription's own clock, as the lifecycle stamps it.
      const stamp = new Date(now.getTime() + subscription.clockOffsetMs).toISOString();
      await trx
        .updateTable('transactions')
        .set({ failure_code: code, updated_at: stamp })
        .where('id', '=', transactionId)
        .where('status', '=', 'failed')
        .execute();
      await writeEvent(
        trx,
        subscription,
        { kind: 'held-renewal-refused', code },
        { now, cause: { event: 'held_refused', actor: { kind: 'provider' } } },
      );
    });
  }
}
