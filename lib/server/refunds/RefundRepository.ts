import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, RefundTable } from '@/lib/server/db/schema';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { RefundFailureCode } from '@/lib/server/payments/PaymentGateway';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { enqueueMail } from '@/lib/server/mail/OutboxRepository';
import { appendHistoryEvent } from '@/lib/server/subscriptions/SubscriptionStore';
import { BUYER, type Actor, type EventFacts } from '@/lib/server/subscriptions/subscriptionHistory';
import { CreditNoteRepository } from '@/lib/server/invoices/CreditNoteRepository';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import { nextCreditNoteNumber } from './creditNoteNumbers';
import { sellerById } from '@/lib/invoices/seller';
import type { Refund } from './Refund';

type RefundRow = Selectable<RefundTable>;

function refundOf(row: RefundRow): Refund {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    amount: row.amount_minor,
    currencyCode: row.currency_code as CurrencyCode,
    livemode: row.livemode === 1,
    reason: row.reason,
    status: row.status,
    providerRefundId: row.provider_refund_id,
    idempotencyKey: row.idempotency_key,
    creditNoteNumber: row.credit_note_number,
    requestedBy: row.requested_by,
    failure: row.failure_code ? { code: row.failure_code as RefundFailureCode, message: row.failure_message ?? '' } : null,
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

/** What a new refund is written with: it starts pending, sent now. */
export type NewRefund = Pick<
  Refund,
  'id' | 'transactionId' | 'amount' | 'currencyCode' | 'livemode' | 'reason' | 'idempotencyKey' | 'requestedBy'
>;

export type Reservation =
  /** The refund is written and its amount reserved on the transaction. */
  | { kind: 'reserved'; refund: Refund }
  /** A refund with this idempotency key exists (a retry, or a concurrent call that won): nothing was written. */
  | { kind: 'exists'; refund: Refund }
  /** The amount is more than is left of the payment (refunded or reserved by others meanwhile): nothing was written. */
  | { kind: 'exceeds' };

/** Thrown inside the reserving transaction to roll its insert back. */
class Exceeds extends Error {}

/**
 * Refunds and the amounts they reserve on their transactions (`transactions.refund_reserved`).
 * Every move is one guarded write: the reservation never takes the reserved total past what
 * was paid, a pending refund settles once, and only a refusal gives its amount back. Each
 * refund asked, made or refused is told in its subscription's history in the same transaction.
 */
export class RefundRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<Refund | null> {
    const row = await this.db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? refundOf(row) : null;
  }

  async findByKey(idempotencyKey: string): Promise<Refund | null> {
    const row = await this.db.selectFrom('refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    return row ? refundOf(row) : null;
  }

  /** The refunds of some transactions, oldest first. */
  async ofTransactions(transactionIds: readonly string[]): Promise<Refund[]> {
    if (transactionIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('refunds')
      .selectAll()
      .where('transaction_id', 'in', transactionIds)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(refundOf);
  }

  /** What the provider refunded of each of these transactions (succeeded refunds only), in minor units; absent: nothing. */
  async refundedOf(transactionIds: readonly string[]): Promise<Map<string, number>> {
    if (transactionIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('refunds')
      .select((eb) => ['transaction_id', eb.fn.sum<number | string>('amount_minor').as('refunded')])
      .where('transaction_id', 'in', transactionIds)
      .where('status', '=', 'succeeded')
      .groupBy('transaction_id')
      .execute();
    return new Map(rows.map((row) => [row.transaction_id, Number(row.refunded)]));
  }

  /** Pending refunds, oldest first: the settling pass reads them back or sends them again. */
  async pending(limit: number): Promise<Refund[]> {
    const rows = await this.db
      .selectFrom('refunds')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
    return rows.map(refundOf);
  }

  async findByProviderId(providerRefundId: string): Promise<Refund | null> {
    const row = await this.db.selectFrom('refunds').selectAll().where('provider_refund_id', '=', providerRefundId).executeTakeFirst();
    return row ? refundOf(row) : null;
  }

  /** What is refunded or reserved for refunds under way of a transaction (minor units). */
  async reservedOf(transactionId: string): Promise<number> {
    const row = await this.db.selectFrom('transactions').select('refund_reserved').where('id', '=', transactionId).executeTakeFirst();
    return row?.refund_reserved ?? 0;
  }

  /**
   * Writes a refund and reserves its amount on its paid transaction, in one database
   * transaction: the reservation is one guarded update (`refund_reserved + amount <= total`),
   * so that refunds asked for at once, on any number of instances, never reserve more than
   * was paid. The unique idempotency key makes a second refund under the same key a no-op.
   */
  async reserve(refund: NewRefund, at: Date): Promise<Reservation> {
    const now = at.toISOString();
    try {
      return await this.db.transaction().execute(async (trx): Promise<Reservation> => {
        const inserted = await trx
          .insertInto('refunds')
          .values({
            id: refund.id,
            transaction_id: refund.transactionId,
            amount_minor: refund.amount,
            currency_code: refund.currencyCode,
            livemode: refund.livemode ? 1 : 0,
            reason: refund.reason,
            status: 'pending',
            provider_refund_id: null,
            idempotency_key: refund.idempotencyKey,
            credit_note_number: null,
            requested_by: refund.requestedBy,
            failure_code: null,
            failure_message: null,
            sent_at: now,
            created_at: now,
            settled_at: null,
          })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
          const existing = await new RefundRepository(trx).findByKey(refund.idempotencyKey);
          if (!existing) throw new Error(`refund ${refund.idempotencyKey} vanished after an idempotency conflict`);
          return { kind: 'exists', refund: existing };
        }
        const reserved = await trx
          .updateTable('transactions')
          .set({ refund_reserved: sql<number>`refund_reserved + ${refund.amount}` })
          .where('id', '=', refund.transactionId)
          .where('status', '=', 'succeeded')
          .where((eb) => eb(sql<number>`refund_reserved + ${refund.amount}`, '<=', eb.ref('total')))
          .returning(['subscription_id', 'renewal_of'])
          .executeTakeFirst();
        if (!reserved) throw new Exceeds();
        const subscriptionId = reserved.subscription_id ?? reserved.renewal_of;
        if (subscriptionId) {
          await appendHistoryEvent(
            trx,
            subscriptionId,
            { event: 'refund_requested', actor: requester(refund.requestedBy) },
            {
              refund_id: refund.id,
              transaction_id: refund.transactionId,
              amount: refund.amount,
              currency_code: refund.currencyCode,
              reason: refund.reason,
              requested_by: refund.requestedBy,
            },
          );
        }
        return { kind: 'reserved', refund: (await new RefundRepository(trx).findById(refund.id))! };
      });
    } catch (error) {
      if (error instanceof Exceeds) return { kind: 'exceeds' };
      throw error;
    }
  }

  /**
   * Claims a pending refund the provider never answered for sending again (under its key,
   * so the provider refunds once): true for the one caller whose claim moved `sent_at`, and
   * only when the last send is older than `sentBefore`.
   */
  async claimResend(id: string, sentBefore: Date, at: Date): Promise<boolean> {
    const claimed = await this.db
      .updateTable('refunds')
      .set({ sent_at: at.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('provider_refund_id', 'is', null)
      .where((eb) => eb.or([eb('sent_at', 'is', null), eb('sent_at', '<', sentBefore.toISOString())]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) > 0;
  }

  /** The provider took the refund and will settle it later: its id is kept, to read it back by. */
  async recordPending(id: string, providerRefundId: string): Promise<void> {
    await this.db
      .updateTable('refunds')
      .set({ provider_refund_id: providerRefundId })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /**
   * The provider refunded it: succeeded, once, with the next credit note number of its mode
   * and year, its credit note issued against the payment's invoice, and the buyer's e-mail
   * queued, in the same database transaction (`mail` writes it from the number; null: none).
   * Null when it had settled already (nothing written).
   */
  async succeed(id: string, providerRefundId: string, at: Date, mail: (refund: Refund) => MailMessage | null): Promise<Refund | null> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('refunds')
        .set({ status: 'succeeded', provider_refund_id: providerRefundId, settled_at: at.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['livemode', 'transaction_id'])
        .executeTakeFirst();
      if (!moved) return null;
      // Read before the number is taken: its sequence's row stays locked until commit.
      const invoice = await new InvoiceRepository(trx).findByTransaction(moved.transaction_id);
      if (!invoice) throw new Error(`refund ${id} made of transaction ${moved.transaction_id}, which has no invoice`);
      // Credited by the invoice's seller, in its series; an invoice from before sellers were named, in the global one.
      const seller = invoice.seller ? sellerById(invoice.seller.id) : null;
      const creditNoteNumber = await nextCreditNoteNumber(trx, moved.livemode === 1, at, seller);
      const row = await trx
        .updateTable('refunds')
        .set({ credit_note_number: creditNoteNumber })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const refund = refundOf(row);
      await new CreditNoteRepository(trx).issue({
        number: creditNoteNumber,
        refundId: refund.id,
        invoiceNumber: invoice.number,
        livemode: refund.livemode,
        issuedAt: at.toISOString(),
        currencyCode: refund.currencyCode,
        amount: refund.amount,
        reason: refund.reason,
      });
      await appendToHistory(trx, refund.transactionId, 'refunded', {
        refund_id: refund.id,
        amount: refund.amount,
        currency_code: refund.currencyCode,
        credit_note_number: creditNoteNumber,
      });
      const message = mail(refund);
      if (message) await enqueueMail(trx, message, at);
      return refund;
    });
  }

  /**
   * The provider refused it (nothing was refunded): failed, once, and its amount released on
   * the transaction in the same database transaction. False when it had settled already.
   */
  async fail(
    id: string,
    failure: { code: RefundFailureCode; message: string },
    providerRefundId: string | null,
    at: Date,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('refunds')
        .set({
          status: 'failed',
          failure_code: failure.code,
          failure_message: failure.message.slice(0, 500),
          settled_at: at.toISOString(),
          ...(providerRefundId ? { provider_refund_id: providerRefundId } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['id', 'transaction_id', 'amount_minor', 'currency_code'])
        .executeTakeFirst();
      if (!moved) return false;
      await appendToHistory(trx, moved.transaction_id, 'refund_refused', {
        refund_id: moved.id,
        amount: moved.amount_minor,
        currency_code: moved.currency_code,
        failure: failure.message.slice(0, 500),
      });
      await trx
        .updateTable('transactions')
        .set({ refund_reserved: sql<number>`refund_reserved - ${moved.amount_minor}` })
        .where('id', '=', moved.transaction_id)
        .execute();
      return true;
    });
  }
}

/** Who asked for a refund, as the subscription's history names them: 'operator:<id>' is customer care. */
function requester(requestedBy: string): Actor {
  return requestedBy.startsWith('operator:') ? { kind: 'care', id: requestedBy.slice('operator:'.length) } : BUYER;
}

/** A refund settled by the provider, in the history of the subscription its payment belongs to (when it has one). */
async function appendToHistory(
  trx: Kysely<Database>,
  transactionId: string,
  event: 'refunded' | 'refund_refused',
  facts: EventFacts,
): Promise<void> {
  const payment = await trx
    .selectFrom('transactions')
    .select(['subscription_id', 'renewal_of'])
    .where('id', '=', transactionId)
    .executeTakeFirst();
  const subscriptionId = payment?.subscription_id ?? payment?.renewal_of;
  if (subscriptionId) await appendHistoryEvent(trx, subscriptionId, { event, actor: { kind: 'provider' } }, facts);
}
