import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import type { CampaignContent } from './campaignContent';
import type { FieldProblem } from './campaignDraft';

type FileOffer = CatalogueFile['offers'][number];

/** The terms of an offer that decide what its subscribers pay, now and at each renewal. */
const PRICE_TERMS = ['currencyCode', 'totalAmount', 'discountedAmount', 'billingInterval', 'trialOffer', 'trialDays'] as const;

export const BOUGHT_PRICE_STAYS =
  'stays as it is: subscribers hold this offer. A new price for new buyers is a new offer (“New price for new buyers”); their renewal price changes only by its own action, with notice.';

type Entry = Readonly<Record<string, unknown>>;

/**
 * An offer someone bought keeps its price: a draft that changes one is told at the field, so
 * that a price never moves under a subscriber by accident. `content` is the draft as the schema
 * read it; problems are named by the draft's own order (`draft`), which the editor shows.
 */
export function boughtPriceProblems(
  draft: readonly Entry[],
  content: CampaignContent,
  catalogue: readonly FileOffer[],
  bought: ReadonlySet<string>,
): FieldProblem[] {
  const published = new Map(catalogue.map((offer) => [offer.id, offer]));
  const checked = new Map(content.offers.map((offer) => [offer.id, offer]));
  return draft.flatMap((entry, index) => {
    const id = String(entry.id);
    const before = published.get(id);
    const offer = checked.get(id);
    if (!before || !offer || !bought.has(id)) return [];
    const changed = PRICE_TERMS.find((term) => before[term] !== offer[term]);
    return changed ? [{ field: `offers.${index}.${changed}`, message: BOUGHT_PRICE_STAYS }] : [];
  });
}

/** A coupon that has ended by `at` is not published with a campaign: it would be offered and refused. */
export function endedCouponProblems(draft: readonly Entry[], content: CampaignContent, at: Date): FieldProblem[] {
  const checked = new Map(content.coupons.map((coupon) => [coupon.code, coupon]));
  return draft.flatMap((entry, index) => {
    const coupon = checked.get(String(entry.code));
    return coupon?.validUntil && Date.parse(coupon.validUntil) <= at.getTime()
      ? [
          {
            field: `coupons.${index}.validUntil`,
            message: `has passed (${coupon.validUntil}): give ${coupon.code} a later end or remove it before publishing`,
          },
        ]
      : [];
  });
}

/** The campaign's address and id are its own: another campaign's (published or only drafted) is named. */
export function takenProblems(
  file: CatalogueFile,
  campaignId: string,
  flow: { brand?: unknown; urlSlug?: unknown },
  draftedElsewhere: readonly { campaignId: string; brand: string; urlSlug: string }[],
): FieldProblem[] {
  const others = [
    ...file.checkoutFlows.map((other) => ({ campaignId: other.campaignId, brand: other.brand, urlSlug: other.urlSlug })),
    ...draftedElsewhere,
  ].filter((other) => other.campaignId !== campaignId);
  const taken = others.find((other) => other.brand === flow.brand && other.urlSlug === flow.urlSlug);
  return taken
    ? [{ field: 'flow.urlSlug', message: `is taken: /${taken.brand}/${taken.urlSlug} is the address of campaign ${taken.campaignId}` }]
    : [];
}

/** A coupon code is one coupon: a draft may not take over one that is not already its campaign's. */
export function couponCodeProblems(
  file: CatalogueFile,
  own: CampaignContent | null,
  coupons: readonly Record<string, unknown>[],
): FieldProblem[] {
  const ownCodes = new Set(own?.coupons.map((coupon) => coupon.code));
  const codes = new Set(file.coupons.map((coupon) => coupon.code));
  return coupons.flatMap((coupon, index) =>
    typeof coupon.code === 'string' && codes.has(coupon.code) && !ownCodes.has(coupon.code)
      ? [{ field: `coupons.${index}.code`, message: `is taken: ${coupon.code} is another campaign’s coupon` }]
      : [],
  );
}
