import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { GatewayName } from '@/lib/server/payments/PaymentGateway';
import {
  PURGED_MAIL_STATUSES,
  PURGED_SINCE,
  PURGED_TABLES,
  retentionCutoffs,
  type PurgedTable,
  type RetentionAges,
} from '@/lib/server/retention/purge';
import { arrivalIdFloor } from '@/lib/server/tracking/storage/arrivalIds';
import { liveAt, liveOrEndedEarly } from '@/lib/server/subscriptions/SubscriptionRepository';
import type { JobBacklog } from './Job';

type Row = { waiting: number | string | bigint; oldest: string | null } | undefined;

const backlogOf = (row: Row): JobBacklog => ({
  waiting: Number(row?.waiting ?? 0),
  oldestAt: row?.oldest ? new Date(row.oldest) : null,
});

/**
 * What waits for each background job, for /admin/jobs: one count and one oldest time per
 * job, each from the index its job's own query uses, so that asking costs no table scan
 * however large the tables grow. Each mirrors its job's selection (without its batch limit).
 */
export class JobBacklogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Subscriptions whose next renewal, retry or end is due (their schedule's subscription_schedule_due), by when it fell due. */
  async renewals(now: Date): Promise<JobBacklog> {
    return backlogOf(await this.renewalsQuery(now).executeTakeFirst());
  }

  renewalsQuery(now: Date) {
    return this.db
      .selectFrom('subscription_schedule')
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('next_action_at').as('oldest')])
      .where('next_action_at', '<=', now.toISOString());
  }

  /** Public-page withdrawals matched, not objected to, and past their objection window (withdrawals_waiting). */
  async waitingWithdrawals(declaredBefore: Date): Promise<JobBacklog> {
    return backlogOf(await this.waitingWithdrawalsQuery(declaredBefore).executeTakeFirst());
  }

  waitingWithdrawalsQuery(declaredBefore: Date) {
    return this.db
      .selectFrom('withdrawals')
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('declared_at').as('oldest')])
      .where('applied_at', 'is', null)
      .where('declared_at', '<=', declaredBefore.toISOString())
      .where('subscription_id', 'is not', null)
      .where('objected_at', 'is', null);
  }

  /** Cancel-page declarations not applied yet (cancel_declarations_pending). */
  async cancelDeclarations(): Promise<JobBacklog> {
    return backlogOf(await this.cancelDeclarationsQuery().executeTakeFirst());
  }

  cancelDeclarationsQuery() {
    return this.db
      .selectFrom('cancel_declarations')
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('declared_at').as('oldest')])
      .where('applied_at', 'is', null);
  }

  /** Withdrawal-page declarations not examined yet (withdrawals_unexamined). */
  async publicWithdrawals(): Promise<JobBacklog> {
    return backlogOf(await this.publicWithdrawalsQuery().executeTakeFirst());
  }

  publicWithdrawalsQuery() {
    return this.db
      .selectFrom('withdrawals')
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('declared_at').as('oldest')])
      .where('examined_at', 'is', null);
  }

  /** Mails due to be tried, by when they fell due (outbox_due). */
  async mail(now: Date): Promise<JobBacklog> {
    return backlogOf(await this.mailQuery(now).executeTakeFirst());
  }

  mailQuery(now: Date) {
    return this.db
      .selectFrom('outbox')
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('next_attempt_at').as('oldest')])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString());
  }

  /** Checkout attempts in progress for longer than the grace (idempotency_keys_in_progress). */
  async stuckAttempts(before: Date): Promise<JobBacklog> {
    return backlogOf(await this.stuckAttemptsQuery(before).executeTakeFirst());
  }

  stuckAttemptsQuery(before: Date) {
    return this.db
      .selectFrom('idempotency_keys')
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('updated_at').as('oldest')])
      .where('state', '=', 'in_progress')
      .where('updated_at', '<', before.toISOString());
  }

  /**
   * Subscriptions of a provider that renews by itself whose record and the provider's pause
   * disagree, either way, and not given up on (subscriptions_provider_settle), by when their
   * record last changed.
   */
  async providerSettling(gateways: readonly GatewayName[], now: Date, maxTries: number): Promise<JobBacklog> {
    if (gateways.length === 0) return { waiting: 0, oldestAt: null };
    return backlogOf(await this.providerSettlingQuery(gateways, now, maxTries).executeTakeFirst());
  }

  providerSettlingQuery(gateways: readonly GatewayName[], now: Date, maxTries: number) {
    return this.db
      .selectFrom('subscriptions')
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('updated_at').as('oldest')])
      .where('gateway', 'in', gateways)
      .where('instrument_json', 'is not', null)
      .where('provider_tries', '<', maxTries)
      .where((eb) =>
        eb.or([
          eb.and([eb('cancel_at_period_end', '=', 1), eb('provider_paused', '=', 0), liveOrEndedEarly(now)(eb)]),
          eb.and([eb('cancel_at_period_end', '=', 0), eb('provider_paused', '=', 1), liveAt(now)(eb)]),
        ]),
      );
  }

  /**
   * Rows of this database past their retention age (lib/server/retention/purge.ts), each
   * table by the index its purge's batches use, since the first of them came due (its time
   * plus its age).
   */
  async purge(now: Date, ages: RetentionAges): Promise<JobBacklog> {
    const cutoffs = retentionCutoffs(now, ages);
    let waiting = 0;
    let oldestAt: Date | null = null;
    for (const row of await this.purgeQuery(now, ages).execute()) {
      waiting += Number(row.waiting);
      if (!row.oldest) continue;
      const due = new Date(Date.parse(row.oldest) + (now.getTime() - cutoffs[row.purged_table].getTime()));
      if (!oldestAt || due < oldestAt) oldestAt = due;
    }
    return { waiting, oldestAt };
  }

  /** One count per purged table, in one statement. */
  purgeQuery(now: Date, ages: RetentionAges) {
    const cutoffs = retentionCutoffs(now, ages);
    const dueIn = (table: PurgedTable) => {
      const since = sql.ref(PURGED_SINCE[table]);
      let query = this.db
        .selectFrom(table)
        .select((eb) => [sql.lit(table).as('purged_table'), eb.fn.countAll<number>().as('waiting'), eb.fn.min<string>(since).as('oldest')])
        .where(since, '<', cutoffs[table].toISOString());
      // As the purge reads them: tracking events by their ids (which sort by arrival), mails sent or given up only.
      if (table === 'tracking_events') {
        query = query
          .where(sql.ref('id'), '>=', arrivalIdFloor('te', new Date(0)))
          .where(sql.ref('id'), '<', arrivalIdFloor('te', cutoffs.tracking_events));
      }
      if (table === 'outbox') query = query.where(sql.ref('status'), 'in', PURGED_MAIL_STATUSES);
      return query;
    };
    const [first, ...rest] = PURGED_TABLES.map(dueIn);
    return rest.reduce((union, next) => union.unionAll(next), first!);
  }

  /** Refunds a provider has not settled yet (refunds_status). */
  async refunds(): Promise<JobBacklog> {
    return backlogOf(await this.refundsQuery().executeTakeFirst());
  }

  refundsQuery() {
    return this.db
      .selectFrom('refunds')
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('created_at').as('oldest')])
      .where('status', '=', 'pending');
  }
}
