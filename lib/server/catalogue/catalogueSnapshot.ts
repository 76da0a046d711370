import type { Selectable } from 'kysely';
import type { CheckoutFlowPlanTable } from '@/lib/server/db/schema';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import type { CheckoutFlow, Offer } from '@/lib/catalogue/types';
import { brandFromRow, couponFromRow, flowFromRows, offerFromRow, rowsFromFile } from './catalogueRows';
import type { CatalogueSnapshot } from './CatalogueRepository';
import { flowKey } from './flowKey';

type CatalogueRows = ReturnType<typeof rowsFromFile>;
type PlanRow = Selectable<CheckoutFlowPlanTable>;

/**
 * The snapshot pages read, from the catalogue's rows: offers and plans in their position's
 * order, each campaign with its brand. The database's rows and a file's (a preview's
 * catalogue, with one version placed in it) make it alike.
 */
export function snapshotOfRows(
  version: number,
  rows: Omit<CatalogueRows, 'plans'> & { plans: readonly PlanRow[] },
  scheduledChanges: ReadonlyMap<string, string>,
): CatalogueSnapshot {
  const brands = new Map(rows.brands.map((row) => [row.slug, brandFromRow(row)]));
  const uuidById = new Map(rows.offers.map((row) => [row.id, row.uuid]));
  const offers = new Map<string, Offer>();
  for (const row of rows.offers) {
    const brand = brands.get(row.brand_slug);
    if (brand) offers.set(row.id, offerFromRow(row, brand, uuidById));
  }
  const flowsByPath = new Map<string, CheckoutFlow>();
  for (const row of rows.flows) {
    const brand = brands.get(row.brand_slug);
    if (!brand) continue;
    const plans = rows.plans
      .filter((plan) => plan.campaign_id === row.campaign_id)
      .map((plan) => offers.get(plan.offer_id))
      .filter((offer): offer is Offer => offer !== undefined);
    flowsByPath.set(flowKey(row.brand_slug, row.url_slug), flowFromRows(row, brand, plans));
  }
  const crossSellsByBrand = new Map<string, Offer[]>();
  for (const offer of offers.values()) {
    if (offer.isCrossSell) crossSellsByBrand.set(offer.brand.slug, [...(crossSellsByBrand.get(offer.brand.slug) ?? []), offer]);
  }
  const couponsByCode = new Map(rows.coupons.map((row) => [row.code, couponFromRow(row)]));
  return { version, brands, flowsByPath, crossSellsByBrand, couponsByCode, scheduledChanges };
}

/** A catalogue file's snapshot, as the database would give it once the file were imported. */
export function snapshotOfFile(file: CatalogueFile, version: number): CatalogueSnapshot {
  return snapshotOfRows(version, rowsFromFile(file), new Map());
}
