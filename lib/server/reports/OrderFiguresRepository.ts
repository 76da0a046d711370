import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { livemodeFilter, nextDay, type FunnelFilter } from '@/lib/reports/funnelFilter';
import type { DeclineCount, OrderCounts, OrderSplitCount } from '@/lib/reports/orderFigures';
import { inOneSnapshot } from '@/lib/server/db/inOneSnapshot';

/**
 * The funnel report's reads of the orders (transactions): counted and summed in SQL per
 * campaign × source × mode × currency, so that a page render moves a few numbers per
 * line, never the orders themselves, and money of two currencies is never added up.
 *
 * An order counts in the period it was created in (created_at, through the
 * transactions_created_at index), whatever became of it since: the report shows what the
 * period's visitors bought, as the funnel shows what they did.
 */

/** A buyer who came without a source and one whose source was empty are the same: none. */
const sourceOf = sql<string | null>`nullif(source, '')`;

const PAID = sql`status = 'succeeded'`;
const FAILED = sql`status = 'failed'`;
const OPEN = sql`status in ('requires_action', 'processing')`;
const AUTHENTICATION_FAILED = sql`failure_code = 'authentication_failed'`;
const OTHER_FAILURE = sql`coalesce(failure_code, '') <> 'authentication_failed'`;
const ASKED = sql`authentication_requested = 1`;

/** How many orders meet a condition, as a SQL sum (0 rather than null when none do). */
const countWhere = (condition: RawBuilder<unknown>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
/** The sum of a money column over the orders that meet a condition, in cents. */
const sumWhere = (column: 'total' | 'discount', condition: RawBuilder<unknown>) =>
  sql<number>`coalesce(sum(case when ${condition} then ${sql.ref(column)} else 0 end), 0)`;

const HAS_PROMO_CODE = sql`${PAID} and coupon_code is not null and coupon_code <> ''`;

/**
 * The period's orders as bounds on created_at (an ISO instant in UTC): bare days bound
 * every instant of those days, as in FunnelReportRepository.
 */
function periodOrders(db: Kysely<Database>, filter: FunnelFilter) {
  const livemode = livemodeFilter(filter.mode);
  let query = db
    .selectFrom('transactions')
    .where('kind', '=', 'purchase')
    .where('preview_version', 'is', null)
    .where('created_at', '>=', filter.from)
    .where('created_at', '<', nextDay(filter.to));
  if (filter.campaignId !== null) query = query.where('campaign_id', '=', filter.campaignId);
  if (livemode !== null) query = query.where('livemode', '=', livemode);
  if (filter.source) query = query.where('source', '=', filter.source);
  return query;
}

/** Paid orders, revenue, promo codes, declines and 3-D Secure outcomes per campaign × source × mode × currency. */
export function orderSplitsQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return (
    periodOrders(db, filter)
      .select([
        'campaign_id',
        sourceOf.as('source'),
        'livemode',
        'currency_code',
        countWhere(PAID).as('paid_orders'),
        sumWhere('total', PAID).as('revenue'),
        countWhere(HAS_PROMO_CODE).as('promo_orders'),
        sumWhere('discount', HAS_PROMO_CODE).as('promo_discount'),
        countWhere(FAILED).as('declined_orders'),
        countWhere(ASKED).as('authentication_requested'),
        countWhere(sql`${ASKED} and ${PAID}`).as('authentication_succeeded'),
        countWhere(sql`${ASKED} and ${FAILED} and ${AUTHENTICATION_FAILED}`).as('authentication_failed'),
        countWhere(sql`${ASKED} and ${FAILED} and ${OTHER_FAILURE}`).as('authentication_declined'),
        countWhere(sql`${ASKED} and ${OPEN}`).as('authentication_unfinished'),
      ])
      .groupBy(['campaign_id', sourceOf, 'livemode', 'currency_code'])
      // Lines of orders that are only under way without 3-D Secure have nothing to show yet.
      .having(sql<boolean>`${countWhere(PAID)} + ${countWhere(FAILED)} + ${countWhere(ASKED)} > 0`)
  );
}

/** Failed orders per campaign × source × mode × currency and failure code. */
export function declinesQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return periodOrders(db, filter)
    .where('status', '=', 'failed')
    .select(['campaign_id', sourceOf.as('source'), 'livemode', 'currency_code', 'failure_code', sql<number>`count(*)`.as('orders')])
    .groupBy(['campaign_id', sourceOf, 'livemode', 'currency_code', 'failure_code']);
}

/** Which campaign × source × mode × currency a row counts. */
const splitOf = (row: { campaign_id: string; source: string | null; livemode: number; currency_code: string }) => ({
  campaignId: row.campaign_id,
  source: row.source,
  livemode: row.livemode === 1,
  currencyCode: row.currency_code,
});

export class OrderFiguresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The period's order figures, read in one snapshot. */
  async orderCounts(filter: FunnelFilter): Promise<OrderCounts> {
    // One read transaction, so that an order failing meanwhile does not show in the declines
    // without its line's count.
    return inOneSnapshot(this.db, async (trx) => {
      const splitRows = await orderSplitsQuery(trx, filter).execute();
      const declineRows = await declinesQuery(trx, filter).execute();
      const splits = splitRows.map((row): OrderSplitCount => ({
        ...splitOf(row),
        paidOrders: Number(row.paid_orders),
        revenue: Number(row.revenue),
        promoOrders: Number(row.promo_orders),
        promoDiscount: Number(row.promo_discount),
        declinedOrders: Number(row.declined_orders),
        authentication: {
          requested: Number(row.authentication_requested),
          succeeded: Number(row.authentication_succeeded),
          failed: Number(row.authentication_failed),
          declined: Number(row.authentication_declined),
          unfinished: Number(row.authentication_unfinished),
        },
      }));
      const declines = declineRows.map((row): DeclineCount => ({
        ...splitOf(row),
        failureCode: row.failure_code,
        orders: Number(row.orders),
      }));
      return { splits, declines };
    });
  }
}
