import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { inOneSnapshot } from '@/lib/server/db/inOneSnapshot';
import { ExperimentRepository } from '@/lib/server/experiments/ExperimentRepository';
import { livemodeFilter, nextDay, type FunnelFilter } from '@/lib/reports/funnelFilter';
import { FUNNEL_STEPS } from '@/lib/reports/funnelReport';
import {
  ranDuring,
  type ExperimentCounts,
  type VariantOrderCount,
  type VariantStepCount,
  type VariantVisitorCount,
} from '@/lib/reports/experimentReport';
import { reachedCounts, sessionsByFurthestStep, waypointEvents } from './FunnelReportRepository';

/**
 * The funnel report's reads of the experiments (issue 41), counted in SQL per experiment ×
 * variant: enrolled visitors and paid orders from the app's database, the sessions that
 * reached each funnel step from the tracking one (the funnel's own rule: a session counts
 * at every step up to the furthest it reached).
 *
 * Everything is of the period and the filter's mode; the campaign is the experiments'. The
 * filter's variant is not read here: the verdict compares every variant, so all are counted
 * and lib/reports/experimentReport.ts keeps the one asked for.
 */

/** The experiments' enrolled visitors of the period, per variant (experiment_visitors_enrolled serves it). */
export function visitorCountsQuery(db: Kysely<Database>, filter: FunnelFilter, experimentIds: readonly string[]) {
  const livemode = livemodeFilter(filter.mode);
  let query = db
    .selectFrom('experiment_visitors')
    .where('experiment_id', 'in', [...experimentIds])
    .where('enrolled_at', '>=', filter.from)
    .where('enrolled_at', '<', nextDay(filter.to));
  if (livemode !== null) query = query.where('livemode', '=', livemode);
  // A visitor counts under the source of the visit that enrolled them.
  if (filter.source) query = query.where('source', '=', filter.source);
  return query.select(['experiment_id', 'variant_key', sql<number>`count(*)`.as('visitors')]).groupBy(['experiment_id', 'variant_key']);
}

/**
 * The experiments' paid purchases of the period per variant and currency, and their totals
 * less tax. Paid as the order figures count it (status 'succeeded', created in the period,
 * no preview link's: OrderFiguresRepository); a renewal is not an order of the experiment.
 */
export function orderCountsQuery(db: Kysely<Database>, filter: FunnelFilter, experimentIds: readonly string[]) {
  const livemode = livemodeFilter(filter.mode);
  let query = db
    .selectFrom('transactions')
    .where('experiment_id', 'in', [...experimentIds])
    .where('kind', '=', 'purchase')
    .where('status', '=', 'succeeded')
    .where('preview_version', 'is', null)
    .where('created_at', '>=', filter.from)
    .where('created_at', '<', nextDay(filter.to));
  if (livemode !== null) query = query.where('livemode', '=', livemode);
  if (filter.source) query = query.where('source', '=', filter.source);
  return query
    .select([
      'experiment_id',
      'variant_key',
      'currency_code',
      sql<number>`count(*)`.as('orders'),
      // total is what was charged: with tax added, or with tax inside a tax-inclusive price; either way less tax is net.
      sql<number>`coalesce(sum(total - tax), 0)`.as('net_revenue'),
    ])
    .groupBy(['experiment_id', 'variant_key', 'currency_code']);
}

/** Sessions per experiment × variant by the furthest funnel step each reached, from the funnel events the variant marked. */
export function variantStepCountsQuery(db: Kysely<Database>, filter: FunnelFilter, experimentIds: readonly string[]) {
  return sessionsByFurthestStep(db, waypointEvents(db, filter).where('experiment_id', 'in', [...experimentIds]), [
    'experiment_id',
    'variant_key',
  ]);
}

export class ExperimentReportRepository {
  /** `db`: the experiments, their visitors and the orders; `trackingDb`: the funnel events (lib/server/db/trackingDatabaseUrl). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly trackingDb: Kysely<Database>,
  ) {}

  /** The experiments of the filter's campaign (every campaign when none) that ran during the period, and their counts. */
  async experimentCounts(filter: FunnelFilter): Promise<ExperimentCounts> {
    const experiments = (await new ExperimentRepository(this.db).list(filter.campaignId)).filter((experiment) =>
      ranDuring(experiment, filter),
    );
    if (experiments.length === 0) return { experiments: [], visitors: [], steps: [], orders: [] };
    const ids = experiments.map((experiment) => experiment.id);

    const [{ visitorRows, orderRows }, stepRows] = await Promise.all([
      // One read, so that an order paid meanwhile does not show without its buyer's enrolment.
      inOneSnapshot(this.db, async (trx) => ({
        visitorRows: await visitorCountsQuery(trx, filter, ids).execute(),
        orderRows: await orderCountsQuery(trx, filter, ids).execute(),
      })),
      variantStepCountsQuery(this.trackingDb, filter, ids).execute(),
    ]);

    const visitors = visitorRows.map((row): VariantVisitorCount => ({
      experimentId: row.experiment_id,
      variantKey: row.variant_key,
      visitors: Number(row.visitors),
    }));
    const orders = orderRows.map((row): VariantOrderCount => ({
      // Not null: the query keeps the experiment's orders only.
      experimentId: row.experiment_id!,
      variantKey: row.variant_key ?? '',
      currencyCode: row.currency_code,
      orders: Number(row.orders),
      netRevenue: Number(row.net_revenue),
    }));
    const variantKey = (row: { experiment_id: string | null; variant_key: string | null }) =>
      JSON.stringify([row.experiment_id, row.variant_key]);
    const steps = reachedCounts(
      stepRows.map((row) => ({ key: row, furthest: Number(row.furthest), visitors: Number(row.visitors) })),
      variantKey,
    ).map(({ key, step, visitors: sessions }): VariantStepCount => ({
      experimentId: key.experiment_id!,
      variantKey: key.variant_key ?? '',
      waypointId: FUNNEL_STEPS[step]!.waypointId,
      sessions,
    }));
    return { experiments, visitors, steps, orders };
  }
}
