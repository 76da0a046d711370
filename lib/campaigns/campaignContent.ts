import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';

type FileFlow = CatalogueFile['checkoutFlows'][number];
type FileOffer = CatalogueFile['offers'][number];
type FileCoupon = CatalogueFile['coupons'][number];

/**
 * What one campaign is and sells, as the catalogue file writes it: its checkout flow, its
 * plans with the cross-sells offered beside them, the coupons scoped to it by name, and
 * whether it is its brand's default. A version of a campaign keeps this.
 */
export interface CampaignContent {
  flow: FileFlow;
  offers: FileOffer[];
  coupons: FileCoupon[];
  isDefault: boolean;
}

/** The content of `campaignId` in a catalogue file; null where the file has no such campaign. */
export function campaignContentOf(file: CatalogueFile, campaignId: string): CampaignContent | null {
  const flow = file.checkoutFlows.find((candidate) => candidate.campaignId === campaignId);
  if (!flow) return null;
  const plans = new Set(flow.plans);
  const offers = file.offers.filter(
    (offer) =>
      plans.has(offer.id) ||
      // A cross-sell is offered beside its parent plan, or beside every plan of its brand ("0").
      (offer.isCrossSell && offer.brand === flow.brand && (offer.parentOfferId === '0' || plans.has(offer.parentOfferId ?? ''))),
  );
  // By code, as the catalogue's export lists them: the same coupons are the same content, in whatever order a file or a draft gave them.
  const coupons = file.coupons
    .filter((coupon) => coupon.scope !== 'all' && (coupon.scope.campaigns ?? []).includes(campaignId))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const isDefault = file.brands.some((brand) => brand.slug === flow.brand && brand.defaultCampaign === flow.urlSlug);
  return { flow, offers, coupons, isDefault };
}

/** The same content always writes the same text: keys in order, so that a version is recorded only when something changed. */
export function canonicalContent(content: CampaignContent): string {
  return canonicalJson(content);
}

/** JSON with every object's keys in order: equal data, equal text, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => inner !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, sortKeys(inner)]),
    );
  }
  return value;
}
