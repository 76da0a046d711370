import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogueSnapshot } from '../catalogue/CatalogueRepository';
import { FunnelReportRepository } from './FunnelReportRepository';
import { computeFunnelReport, type FunnelReport } from './funnelReport';
import type { FunnelFilter } from './funnelFilter';
import { schemaDrift, type ExpectedEventSchemas, type SchemaDriftEntry } from './schemaDrift';

/** A campaign of the catalogue as the filter offers it. */
export interface CampaignOption {
  campaignId: string;
  /** Brand and path, which marketers recognise more readily than the id. */
  label: string;
}

/** Everything the funnel report page shows; plain data, as page props must be. */
export interface FunnelReportView {
  filter: FunnelFilter;
  campaignOptions: CampaignOption[];
  report: FunnelReport;
  drift: SchemaDriftEntry[];
}

export function campaignOptionsOf(snapshot: Pick<CatalogueSnapshot, 'flowsByPath'>): CampaignOption[] {
  return [...snapshot.flowsByPath.values()]
    .map((flow) => ({ campaignId: flow.campaignId, label: `${flow.brandName} · /${flow.brand_slug}/${flow.url_slug}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export interface FunnelReportSources {
  db: Kysely<Database>;
  catalogue: Pick<CatalogueSnapshot, 'flowsByPath'>;
  /** What the event catalogue expects per event name (lib/server/events/funnelSchemas). */
  expectedSchemas: ExpectedEventSchemas;
}

/** Reads the period's counts and observed schemas and turns them into the page's view. */
export async function loadFunnelReport(filter: FunnelFilter, sources: FunnelReportSources): Promise<FunnelReportView> {
  const repository = new FunnelReportRepository(sources.db);
  const [counts, observations] = await Promise.all([repository.funnelCounts(filter), repository.schemaObservations(filter)]);
  return {
    filter,
    campaignOptions: campaignOptionsOf(sources.catalogue),
    report: computeFunnelReport(counts, filter),
    drift: schemaDrift(observations, sources.expectedSchemas),
  };
}
