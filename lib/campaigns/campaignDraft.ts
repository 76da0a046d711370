import type { z } from 'zod';
import { catalogueFileSchema, type CatalogueFile, type CatalogueFileInput } from '@/lib/catalogue/catalogueFile';
import { ALL_OFFERS_PARENT_ID } from '@/lib/catalogue/crossSell';
import { campaignContentOf, type CampaignContent } from './campaignContent';

/** A problem of a draft, named by the field the editor shows it beside: "flow.headline", "offers.1.totalAmount"; "" for the whole draft. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** A draft as the editor sends it: the shapes of a catalogue file's entries, not yet checked. */
export interface DraftInput {
  flow: Record<string, unknown>;
  offers: Record<string, unknown>[];
  coupons: Record<string, unknown>[];
  isDefault: boolean;
}

type Entry = Record<string, unknown>;

/** Where each of the draft's entries lands in the catalogue file it is placed in. */
interface Placement {
  file: CatalogueFileInput;
  flowIndex: number;
  offerIndexes: Map<number, number>;
  couponIndexes: Map<number, number>;
  brandIndex: number;
}

/**
 * The catalogue with the draft in it: its flow in place of the campaign's (or added), its
 * offers in place of those with their ids (or added), its coupons in place of those with their
 * codes (or added); a coupon the published campaign had and the draft drops loses the campaign
 * from its scope (and is gone when it named no other). A cross-sell offered beside one of its
 * plans that the draft drops is gone too (lib/server/campaigns/campaignStudio.ts refuses that
 * for one anyone bought). Other offers are never removed: a plan that subscribers hold stays
 * for their renewals, retired from the campaign's page.
 */
export function placeDraft(file: CatalogueFile, campaignId: string, draft: DraftInput): Placement {
  const published = campaignContentOf(file, campaignId);
  const flows: Entry[] = file.checkoutFlows.map((flow) => ({ ...flow }));
  const existingFlow = flows.findIndex((flow) => flow.campaignId === campaignId);
  const flow = { ...draft.flow, campaignId };
  const flowIndex = existingFlow >= 0 ? existingFlow : flows.length;
  flows[flowIndex] = flow;

  const offers: Entry[] = file.offers.filter((offer) => !droppedCrossSells(published, draft).has(offer.id)).map((offer) => ({ ...offer }));
  const offerIndexes = new Map<number, number>();
  draft.offers.forEach((offer, draftIndex) => {
    const at = offers.findIndex((candidate) => candidate.id === offer.id);
    const index = at >= 0 ? at : offers.length;
    offers[index] = offer;
    offerIndexes.set(index, draftIndex);
  });

  const kept = new Set(draft.coupons.map((coupon) => coupon.code));
  const coupons: Entry[] = [];
  for (const coupon of file.coupons) {
    const dropped = published?.coupons.some((own) => own.code === coupon.code) && !kept.has(coupon.code);
    if (!dropped || coupon.scope === 'all') {
      coupons.push({ ...coupon });
      continue;
    }
    const campaigns = (coupon.scope.campaigns ?? []).filter((id) => id !== campaignId);
    const scope = { ...coupon.scope, campaigns: campaigns.length ? campaigns : undefined };
    if (scope.campaigns || scope.brands || scope.offers) coupons.push({ ...coupon, scope });
  }
  const couponIndexes = new Map<number, number>();
  draft.coupons.forEach((coupon, draftIndex) => {
    const at = coupons.findIndex((candidate) => candidate.code === coupon.code);
    const index = at >= 0 ? at : coupons.length;
    coupons[index] = coupon;
    couponIndexes.set(index, draftIndex);
  });

  const brandSlug = draft.flow.brand;
  const urlSlug = draft.flow.urlSlug;
  const brands = file.brands.map((brand) => {
    if (brand.slug === brandSlug && draft.isDefault) return { ...brand, defaultCampaign: typeof urlSlug === 'string' ? urlSlug : null };
    // The campaign's brand pointed at its old address, or it moved to another brand: no default rather than a dead one.
    const pointedHere = published && brand.slug === published.flow.brand && brand.defaultCampaign === published.flow.urlSlug;
    if (pointedHere && !(brand.slug === brandSlug && draft.isDefault)) return { ...brand, defaultCampaign: null };
    return brand;
  });
  return {
    file: { brands, offers, checkoutFlows: flows, coupons } as CatalogueFileInput,
    flowIndex,
    offerIndexes,
    couponIndexes,
    brandIndex: brands.findIndex((brand) => brand.slug === brandSlug),
  };
}

export type DraftCheck = { ok: true; file: CatalogueFile; content: CampaignContent } | { ok: false; problems: FieldProblem[] };

/**
 * The draft checked by the import's own schema, in the catalogue as it is: its content as the
 * catalogue would then hold it, or each problem named by the draft's field it is about.
 * A problem the draft causes elsewhere (another campaign's coupon) is named in words.
 */
export function checkDraft(file: CatalogueFile, campaignId: string, draft: DraftInput): DraftCheck {
  const placement = placeDraft(file, campaignId, draft);
  const result = catalogueFileSchema.safeParse(placement.file);
  if (!result.success) return { ok: false, problems: result.error.issues.map((issue) => problemOf(issue, placement)) };
  return { ok: true, file: result.data, content: campaignContentOf(result.data, campaignId)! };
}

function problemOf(issue: z.core.$ZodIssue, placement: Placement): FieldProblem {
  const [list, index, ...rest] = issue.path as (string | number)[];
  const field = (head: string, tail: (string | number)[]) => [head, ...tail].join('.');
  if (list === 'checkoutFlows' && index === placement.flowIndex) return { field: field('flow', rest), message: issue.message };
  if (list === 'offers' && typeof index === 'number' && placement.offerIndexes.has(index)) {
    return { field: field(`offers.${placement.offerIndexes.get(index)}`, rest), message: issue.message };
  }
  if (list === 'coupons' && typeof index === 'number' && placement.couponIndexes.has(index)) {
    return { field: field(`coupons.${placement.couponIndexes.get(index)}`, rest), message: issue.message };
  }
  if (list === 'brands' && index === placement.brandIndex && rest[0] === 'defaultCampaign')
    return { field: 'isDefault', message: issue.message };
  const where = issue.path.map(String).join('.');
  return { field: '', message: `${where ? `${where}: ` : ''}${issue.message}` };
}

/** The cross-sells the published campaign offered beside one of its plans and the draft no longer lists. */
export function droppedCrossSells(published: CampaignContent | null, draft: DraftInput): Set<string> {
  const listed = new Set(draft.offers.map((offer) => offer.id));
  return new Set(
    (published?.offers ?? [])
      .filter((offer) => offer.isCrossSell && offer.parentOfferId !== ALL_OFFERS_PARENT_ID && !listed.has(offer.id))
      .map((offer) => offer.id),
  );
}

/** The cross-sells offered beside every plan of the brand ("0") that the draft no longer lists: it cannot take them off the others. */
export function brandCrossSellsLeft(published: CampaignContent | null, draft: DraftInput): CatalogueFile['offers'] {
  const listed = new Set(draft.offers.map((offer) => offer.id));
  return (published?.offers ?? []).filter(
    (offer) => offer.isCrossSell && offer.parentOfferId === ALL_OFFERS_PARENT_ID && !listed.has(offer.id),
  );
}
