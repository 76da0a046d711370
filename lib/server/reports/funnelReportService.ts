import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { expectedEventSchemas } from '@/lib/server/tracking/schemas/funnelSchemas';
import { DRIFT_OBSERVATIONS_MAX, FunnelReportRepository } from './FunnelReportRepository';
import { computeFunnelReport } from '@/lib/reports/funnelReport';
import type { FunnelFilter } from '@/lib/reports/funnelFilter';
import { schemaDrift, type ExpectedEventSchemas, type SchemaDriftEntry } from '@/lib/reports/schemaDrift';
import { CspReportStore } from '@/lib/server/security/CspReportStore';
import { OrderFiguresRepository } from './OrderFiguresRepository';
import { computeOrderFigures } from '@/lib/reports/orderFigures';
import type { CampaignOption, FunnelReportView } from '@/lib/reports/funnelReportView';
import { SubscriptionFiguresRepository } from './SubscriptionFiguresRepository';
import { computeSubscriptionFigures } from '@/lib/reports/subscriptionFigures';
import { computeCouponFigures } from '@/lib/reports/couponFigures';
import { computeSignInWall } from '@/lib/reports/signInWall';
import { CouponRedemptionRepository } from '@/lib/server/checkout/CouponRedemptionRepository';
import { computeExperimentReports } from '@/lib/reports/experimentReport';
import { ExperimentReportRepository } from './ExperimentReportRepository';

/** The differences the drift list shows at most: the most recently seen ones. */
export const DRIFT_ENTRIES_MAX = 500;

export function campaignOptionsOf(snapshot: Pick<CatalogueSnapshot, 'flowsByPath'>): CampaignOption[] {
  return [...snapshot.flowsByPath.values()]
    .map((flow) => ({ campaignId: flow.campaignId, label: `${flow.brandName} · /${flow.brand_slug}/${flow.url_slug}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The campaigns with pre-authentication on: their sign-in wall shows even when no one met it. */
export function preAuthCampaignsOf(snapshot: Pick<CatalogueSnapshot, 'flowsByPath'>): Set<string> {
  return new Set([...snapshot.flowsByPath.values()].filter((flow) => flow.data.config.enablePreAuth).map((flow) => flow.campaignId));
}

/** The catalogue's brand names by slug, for the subscription figures' lines. */
export function brandNamesOf(snapshot: Pick<CatalogueSnapshot, 'flowsByPath'>): Map<string, string> {
  return new Map([...snapshot.flowsByPath.values()].map((flow) => [flow.brand_slug, flow.brandName]));
}

export interface FunnelReportSources {
  /** Orders. */
  db: Kysely<Database>;
  /** Tracking events, observed schemas and CSP reports: what browsers send, in its own database (lib/server/db/trackingDatabaseUrl). */
  trackingDb: Kysely<Database>;
  catalogue: Pick<CatalogueSnapshot, 'flowsByPath' | 'couponsByCode'>;
  /** What the event catalogue expects per event name (lib/server/tracking/schemas/funnelSchemas). */
  expectedSchemas: ExpectedEventSchemas;
}

/** The report's sources on a running server: its two databases, the catalogue as pages read it, and the event catalogue's schemas. */
export async function funnelReportSources(server: Pick<ServerContext, 'db' | 'trackingDb' | 'catalogue'>): Promise<FunnelReportSources> {
  return { db: server.db, trackingDb: server.trackingDb, catalogue: await server.catalogue.get(), expectedSchemas: expectedEventSchemas() };
}

/**
 * At most `max` differences, the most recently seen, in the list's own order (by event,
 * kind and property), with how many there were.
 */
export function boundedDrift(drift: readonly SchemaDriftEntry[], max = DRIFT_ENTRIES_MAX): { shown: SchemaDriftEntry[]; found: number } {
  if (drift.length <= max) return { shown: [...drift], found: drift.length };
  const recent = new Set([...drift].sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0)).slice(0, max));
  return { shown: drift.filter((entry) => recent.has(entry)), found: drift.length };
}

/** Reads the period's counts, orders, subscriptions, experiments and observed schemas and turns them into the page's view. */
export async function loadFunnelReport(filter: FunnelFilter, sources: FunnelReportSources, now = new Date()): Promise<FunnelReportView> {
  const repository = new FunnelReportRepository(sources.trackingDb);
  const periodEnd = new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000);
  const [counts, wallCounts, orderCounts, subscriptionCounts, observed, cspViolations, couponUsage, experimentCounts] = await Promise.all([
    repository.funnelCounts(filter),
    repository.signInWallCounts(filter),
    new OrderFiguresRepository(sources.db).orderCounts(filter),
    new SubscriptionFiguresRepository(sources.db).subscriptionCounts(filter),
    repository.schemaObservations(filter, DRIFT_OBSERVATIONS_MAX),
    new CspReportStore(sources.trackingDb).summary(new Date(`${filter.from}T00:00:00Z`), periodEnd),
    new CouponRedemptionRepository(sources.db).usage(now),
    new ExperimentReportRepository(sources.db, sources.trackingDb).experimentCounts(filter),
  ]);
  const { shown, found } = boundedDrift(schemaDrift(observed.observations, sources.expectedSchemas));
  return {
    filter,
    campaignOptions: campaignOptionsOf(sources.catalogue),
    report: computeFunnelReport(counts, filter),
    signInWall: computeSignInWall(wallCounts, preAuthCampaignsOf(sources.catalogue)),
    orders: computeOrderFigures(orderCounts),
    subscriptions: computeSubscriptionFigures(subscriptionCounts, filter, brandNamesOf(sources.catalogue)),
    drift: shown,
    driftLimits: { shapesCompared: observed.observations.length, shapesCut: observed.cut, differencesFound: found },
    cspViolations,
    coupons: computeCouponFigures([...sources.catalogue.couponsByCode.values()], couponUsage, filter.mode),
    experiments: computeExperimentReports(experimentCounts, filter, filter.variant ?? null),
  };
}
