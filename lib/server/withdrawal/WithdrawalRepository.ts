import type { Kysely, Selectable } from 'kysely';
import type { WithdrawalChannel } from '@/lib/withdrawal/withdrawalView';
import type { Database, WithdrawalTable } from '@/lib/server/db/schema';
import { appendHistoryEvent } from '@/lib/server/subscriptions/SubscriptionStore';
import { BUYER } from '@/lib/server/subscriptions/subscriptionHistory';

/** A declaration of withdrawal as recorded (migrations 0032, 0041, 0042). */
export interface Withdrawal {
  id: string;
  subscriptionId: string | null;
  transactionId: string | null;
  channel: WithdrawalChannel;
  email: string;
  name: string | null;
  invoiceNumber: string | null;
  livemode: boolean;
  client: { address: string | null; userAgent: string | null };
  refundId: string | null;
  declaredAt: string;
  /** When its subscription was ended for it; null while a public declaration waits for its subscriber. */
  appliedAt: string | null;
  /** When its subscriber said it was not them; its subscriptionId is then null. */
  objectedAt: string | null;
  /** The site it reached, for the links of the e-mails written later; null: PUBLIC_ORIGIN. */
  origin: string | null;
  /** When the background pass matched a public declaration, or found it matched nothing; null until then. */
  examinedAt: string | null;
}

const withdrawalOf = (row: Selectable<WithdrawalTable>): Withdrawal => ({
  id: row.id,
  subscriptionId: row.subscription_id,
  transactionId: row.transaction_id,
  channel: row.channel,
  email: row.email,
  name: row.name,
  invoiceNumber: row.invoice_number,
  livemode: row.livemode === 1,
  client: JSON.parse(row.client_json) as Withdrawal['client'],
  refundId: row.refund_id,
  declaredAt: row.declared_at,
  appliedAt: row.applied_at,
  objectedAt: row.objected_at,
  origin: row.origin,
  examinedAt: row.examined_at,
});

/** The withdrawals table: one declaration per row, one withdrawal per subscription. */
export class WithdrawalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records a declaration. For one naming a subscription, false when that subscription has a
   * withdrawal already (the unique column decides, so two submits at once record one).
   */
  async record(withdrawal: Omit<Withdrawal, 'refundId' | 'objectedAt'>): Promise<boolean> {
    return this.inTransaction(async (trx) => {
      const inserted = await trx
        .insertInto('withdrawals')
        .values({
          id: withdrawal.id,
          subscription_id: withdrawal.subscriptionId,
          transaction_id: withdrawal.transactionId,
          channel: withdrawal.channel,
          email: withdrawal.email.trim().toLowerCase(),
          name: withdrawal.name,
          invoice_number: withdrawal.invoiceNumber,
          livemode: withdrawal.livemode ? 1 : 0,
          client_json: JSON.stringify(withdrawal.client),
          refund_id: null,
          declared_at: withdrawal.declaredAt,
          applied_at: withdrawal.appliedAt,
          objected_at: null,
          origin: withdrawal.origin,
          examined_at: withdrawal.examinedAt,
        })
        .onConflict((oc) => oc.column('subscription_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      if (withdrawal.subscriptionId) await declaredInHistory(trx, withdrawal.subscriptionId, withdrawal);
      return true;
    });
  }

  async findById(id: string): Promise<Withdrawal | null> {
    const row = await this.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? withdrawalOf(row) : null;
  }

  async ofSubscription(subscriptionId: string): Promise<Withdrawal | null> {
    const row = await this.db.selectFrom('withdrawals').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
    return row ? withdrawalOf(row) : null;
  }

  /** Which of these subscriptions have been withdrawn from (a declaration waiting for its subscriber is not yet). */
  async withdrawnAmong(subscriptionIds: readonly string[]): Promise<Set<string>> {
    if (subscriptionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('withdrawals')
      .select('subscription_id')
      .where('subscription_id', 'in', subscriptionIds)
      .where('applied_at', 'is not', null)
      .execute();
    return new Set(rows.flatMap((row) => (row.subscription_id ? [row.subscription_id] : [])));
  }

  /**
   * How many declarations naming this address (lower case), declared from `since` to `until`,
   * were found by the pass to match no purchase. Those it has not examined yet count for
   * nothing: they name no subscription only because nobody has looked.
   */
  async unmatchedSince(email: string, since: Date, until: Date): Promise<number> {
    const row = await this.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('email', '=', email)
      .where('declared_at', '>=', since.toISOString())
      .where('declared_at', '<=', until.toISOString())
      .where('examined_at', 'is not', null)
      .where('subscription_id', 'is', null)
      .where('transaction_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Public declarations the pass has not examined yet, the oldest first. */
  async unexamined(limit: number): Promise<Withdrawal[]> {
    const rows = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('examined_at', 'is', null)
      .orderBy('declared_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map(withdrawalOf);
  }

  /**
   * Marks a declaration examined, naming the purchase it matched (or none): false when another
   * pass examined it first (the guard decides a race). Naming a subscription that another
   * declaration names already fails on the unique column.
   */
  async markExamined(id: string, at: Date, matched: { subscriptionId: string; transactionId: string } | null): Promise<boolean> {
    return this.inTransaction(async (trx) => {
      const updated = await trx
        .updateTable('withdrawals')
        .set({
          examined_at: at.toISOString(),
          subscription_id: matched?.subscriptionId ?? null,
          transaction_id: matched?.transactionId ?? null,
        })
        .where('id', '=', id)
        .where('examined_at', 'is', null)
        .returning(['id', 'channel'])
        .executeTakeFirst();
      if (!updated) return false;
      // Matched now: the subscription's history tells of the declaration from here on.
      if (matched) await declaredInHistory(trx, matched.subscriptionId, updated);
      return true;
    });
  }

  /** Public declarations still waiting for their subscriber that were declared at or before `before`, the oldest first. */
  async waitingSince(before: Date, limit: number): Promise<Withdrawal[]> {
    const rows = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('applied_at', 'is', null)
      .where('declared_at', '<=', before.toISOString())
      .where('subscription_id', 'is not', null)
      .where('objected_at', 'is', null)
      .orderBy('declared_at')
      .limit(limit)
      .execute();
    return rows.map(withdrawalOf);
  }

  /** Marks a waiting declaration applied: false when it was applied or objected to already (the guard decides a race). */
  async markApplied(id: string, at: Date): Promise<boolean> {
    const updated = await this.db
      .updateTable('withdrawals')
      .set({ applied_at: at.toISOString() })
      .where('id', '=', id)
      .where('applied_at', 'is', null)
      .where('objected_at', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /**
   * Marks a waiting declaration objected to by its subscriber, and lets go of its subscription
   * (which may be withdrawn from later, by its owner): false when it was applied or objected to already.
   */
  async markObjected(id: string, at: Date): Promise<boolean> {
    const updated = await this.db
      .updateTable('withdrawals')
      .set({ objected_at: at.toISOString(), subscription_id: null })
      .where('id', '=', id)
      .where('applied_at', 'is', null)
      .where('objected_at', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async setRefund(id: string, refundId: string): Promise<void> {
    await this.db.updateTable('withdrawals').set({ refund_id: refundId }).where('id', '=', id).where('refund_id', 'is', null).execute();
  }

  private inTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }
}

/** A declaration that names its subscription, in that subscription's history (in the transaction that records it). */
async function declaredInHistory(
  trx: Kysely<Database>,
  subscriptionId: string,
  withdrawal: Pick<Withdrawal, 'id' | 'channel'>,
): Promise<void> {
  await appendHistoryEvent(
    trx,
    subscriptionId,
    { event: 'withdrawal_declared', actor: BUYER },
    { withdrawal_id: withdrawal.id, channel: withdrawal.channel },
  );
}
