import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { livemodeFilter, nextDay, type FunnelFilter } from '@/lib/reports/funnelFilter';
import {
  NO_CANCEL_REASON,
  OTHER_CANCEL_REASON,
  periodEndInstant,
  type ActiveSubscriptionCount,
  type CollectedCount,
  type SubscriptionCounts,
} from '@/lib/reports/subscriptionFigures';
import { CANCEL_REASON_CHOICES, CANCEL_REASON_SEPARATOR } from '@/lib/subscriptions/cancelReasons';
import { inOneSnapshot } from '@/lib/server/db/inOneSnapshot';
import { notPreviewSubscription, notPreviewTransaction } from './previewOrders';

/**
 * The funnel report's reads of subscriptions and their payments, counted and summed in SQL
 * per brand × mode (× currency for money), so that a page render moves a few numbers per
 * line and money of two currencies is never added up. Definitions: lib/reports/subscriptionFigures.ts.
 *
 * Times are ISO instants in UTC, compared as text: bare days bound every instant of those
 * days, as in OrderFiguresRepository. A renewal and a payment count by updated_at, when
 * their outcome was recorded. No index serves updated_at nor the subscriptions' times, so
 * these read both tables whole, once per report load (indexes would need a migration).
 */

/** How many rows meet a condition, as a SQL sum (0 rather than null when none do). */
const countWhere = (condition: RawBuilder<unknown>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
/** The sum of a column over the rows that meet a condition. */
const sumWhere = (column: 'total' | 'renewal_amount', condition: RawBuilder<unknown>) =>
  sql<number>`coalesce(sum(case when ${condition} then ${sql.ref(column)} else 0 end), 0)`;

const BILLED = sql`status in ('active', 'past_due')`;
const PAID = sql`status = 'succeeded'`;
const RECOVERED = sql`status = 'succeeded' and failure_code is not null`;

/**
 * The reason group a stored reason counts in, as cancelReasonGroup says: the choice it is or
 * starts with, none, or other. The choices are constants, written in as literals so that
 * the same expression can be grouped by on PostgreSQL.
 */
const reasonGroup = sql<string>`case when coalesce(cancel_reason, '') = '' then ${sql.lit(NO_CANCEL_REASON)} ${sql.join(
  CANCEL_REASON_CHOICES.map((choice) => {
    const prefix = `${choice}${CANCEL_REASON_SEPARATOR}`;
    return sql`when cancel_reason = ${sql.lit(choice)} or substr(cancel_reason, 1, ${sql.lit(prefix.length)}) = ${sql.lit(prefix)} then ${sql.lit(choice)}`;
  }),
  sql` `,
)} else ${sql.lit(OTHER_CANCEL_REASON)} end`;

const month = sql<string>`substr(updated_at, 1, 7)`;

/** The filter's campaign and mode: both tables have the two columns. */
function subscriptions(db: Kysely<Database>, filter: FunnelFilter) {
  const livemode = livemodeFilter(filter.mode);
  return db
    .selectFrom('subscriptions')
    .where(notPreviewSubscription)
    .$if(filter.campaignId !== null, (query) => query.where('campaign_id', '=', filter.campaignId!))
    .$if(livemode !== null, (query) => query.where('livemode', '=', livemode!));
}

function transactions(db: Kysely<Database>, filter: FunnelFilter) {
  const livemode = livemodeFilter(filter.mode);
  return db
    .selectFrom('transactions')
    .where(notPreviewTransaction)
    .where('updated_at', '>=', filter.from)
    .where('updated_at', '<', nextDay(filter.to))
    .$if(filter.campaignId !== null, (query) => query.where('campaign_id', '=', filter.campaignId!))
    .$if(livemode !== null, (query) => query.where('livemode', '=', livemode!));
}

/**
 * Subscriptions active at the end of the period, per brand × mode × currency: by status, and
 * the renewal amounts of the billed ones by interval. A cancelled one whose period is over
 * by then is not counted, even before the renewal engine ends it.
 */
export function activeQuery(db: Kysely<Database>, filter: FunnelFilter) {
  const end = periodEndInstant(filter);
  return subscriptions(db, filter)
    .where('status', 'in', ['trialing', 'active', 'past_due'])
    .where('created_at', '<', end)
    .where((eb) => eb.not(eb.and([eb('cancel_at_period_end', '=', 1), eb('current_period_end', '<=', end)])))
    .select([
      'brand_slug',
      'livemode',
      'currency_code',
      countWhere(sql`status = 'trialing'`).as('trialing'),
      countWhere(sql`status = 'active'`).as('paying'),
      countWhere(sql`status = 'past_due'`).as('past_due'),
      sumWhere('renewal_amount', sql`${BILLED} and billing_interval = 'month'`).as('monthly_amounts'),
      sumWhere('renewal_amount', sql`${BILLED} and billing_interval = 'year'`).as('yearly_amounts'),
    ])
    .groupBy(['brand_slug', 'livemode', 'currency_code']);
}

/** Renewals whose outcome was recorded in the period, per brand × mode × currency. */
export function renewalsQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return transactions(db, filter)
    .where('kind', '=', 'renewal')
    .where('status', 'in', ['succeeded', 'failed'])
    .select([
      'brand_slug',
      'livemode',
      'currency_code',
      countWhere(PAID).as('paid'),
      sumWhere('total', PAID).as('paid_amount'),
      countWhere(RECOVERED).as('recovered'),
      sumWhere('total', RECOVERED).as('recovered_amount'),
      countWhere(sql`status = 'failed'`).as('failed'),
    ])
    .groupBy(['brand_slug', 'livemode', 'currency_code']);
}

/** Cancellations declared in the period (and not withdrawn), per brand × mode × reason group. */
export function cancellationsQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return subscriptions(db, filter)
    .where('cancel_requested_at', '>=', filter.from)
    .where('cancel_requested_at', '<', nextDay(filter.to))
    .select(['brand_slug', 'livemode', reasonGroup.as('reason'), sql<number>`count(*)`.as('cancellations')])
    .groupBy(['brand_slug', 'livemode', reasonGroup]);
}

/** Subscriptions that ended unpaid in the period, per brand × mode. */
export function endedUnpaidQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return subscriptions(db, filter)
    .where('end_reason', '=', 'payment_failed')
    .where('ended_at', '>=', filter.from)
    .where('ended_at', '<', nextDay(filter.to))
    .select(['brand_slug', 'livemode', sql<number>`count(*)`.as('subscriptions')])
    .groupBy(['brand_slug', 'livemode']);
}

/** Paid orders and renewals by the UTC month their payment was recorded in, per brand × mode × currency and kind. */
export function collectedQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return transactions(db, filter)
    .where('status', '=', 'succeeded')
    .select([
      'brand_slug',
      'livemode',
      'currency_code',
      month.as('month'),
      'kind',
      sql<number>`count(*)`.as('payments'),
      sql<number>`coalesce(sum(total), 0)`.as('amount'),
    ])
    .groupBy(['brand_slug', 'livemode', 'currency_code', month, 'kind']);
}

const brandOf = (row: { brand_slug: string; livemode: number }) => ({ brandSlug: row.brand_slug, livemode: row.livemode === 1 });

export class SubscriptionFiguresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The period's subscription figures, read in one snapshot. */
  async subscriptionCounts(filter: FunnelFilter): Promise<SubscriptionCounts> {
    // One read transaction, so that a renewal recorded meanwhile does not show in the money
    // collected without its count (nor a subscription in two states at once).
    return inOneSnapshot(this.db, async (trx) => {
      const active = await activeQuery(trx, filter).execute();
      const renewals = await renewalsQuery(trx, filter).execute();
      const cancellations = await cancellationsQuery(trx, filter).execute();
      const endedUnpaid = await endedUnpaidQuery(trx, filter).execute();
      const collected = await collectedQuery(trx, filter).execute();
      return {
        active: active.map((row): ActiveSubscriptionCount => ({
          ...brandOf(row),
          currencyCode: row.currency_code,
          trialing: Number(row.trialing),
          paying: Number(row.paying),
          pastDue: Number(row.past_due),
          monthlyAmounts: Number(row.monthly_amounts),
          yearlyAmounts: Number(row.yearly_amounts),
        })),
        renewals: renewals.map((row) => ({
          ...brandOf(row),
          currencyCode: row.currency_code,
          paid: Number(row.paid),
          paidAmount: Number(row.paid_amount),
          recovered: Number(row.recovered),
          recoveredAmount: Number(row.recovered_amount),
          failed: Number(row.failed),
        })),
        cancellations: cancellations.map((row) => ({ ...brandOf(row), reason: row.reason, cancellations: Number(row.cancellations) })),
        endedUnpaid: endedUnpaid.map((row) => ({ ...brandOf(row), subscriptions: Number(row.subscriptions) })),
        collected: collected.map((row): CollectedCount => ({
          ...brandOf(row),
          currencyCode: row.currency_code,
          month: row.month,
          kind: row.kind === 'renewal' ? 'renewal' : 'purchase',
          payments: Number(row.payments),
          amount: Number(row.amount),
        })),
      };
    });
  }
}
