import type { Selectable } from 'kysely';
import type { BrandTable, CheckoutFlowTable, CouponTable, OfferTable } from '@/lib/server/db/schema';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import type { Brand, BrandIdentity, CheckoutFlow, Coupon, CouponScope, Offer, OfferImage, OfferTranslation } from '@/lib/catalogue/types';
import { brandDisplayName } from '@/lib/brands/displayNames';
import { currencySymbol, type CurrencyCode } from '@/lib/pricing/currencies';
import { templateForPlanCount } from '@/lib/pricing/template';
import { languageOf } from '@/lib/i18n/locales';
import { pricesIncludeTax } from '@/lib/pricing/marketTax';
import { TAX_RATES } from '@/lib/server/checkout/checkoutRules';

/** Pure mappings between catalogue rows, the catalogue file and the domain types. */
type BrandRow = Selectable<BrandTable>;
type OfferRow = Selectable<OfferTable>;
type FlowRow = Selectable<CheckoutFlowTable>;
type CouponRow = Selectable<CouponTable>;

export function brandFromRow(row: BrandRow): Brand {
  return {
    slug: row.slug,
    name: brandDisplayName(row.slug, row.name),
    identity: JSON.parse(row.identity_json) as BrandIdentity,
    defaultCampaign: row.default_campaign,
    readingUrl: row.reading_url,
    locale: row.locale,
  };
}

/** An offer row's terms, as both the domain offer and the import file spell them. */
export function offerTermsFromRow(row: OfferRow) {
  return {
    name: row.name,
    description: row.description,
    currencyCode: row.currency_code as CurrencyCode,
    totalAmount: row.total_amount,
    discountedAmount: row.discounted_amount,
    billingInterval: row.billing_interval as Offer['billingInterval'],
    trialOffer: row.trial_offer === 1,
    trialDays: row.trial_days,
    isPrintOffer: row.is_print_offer === 1,
    isCrossSell: row.is_cross_sell === 1,
    features: JSON.parse(row.features_json) as string[],
    savingBadge: row.saving_badge,
    image: row.image_json === null ? null : (JSON.parse(row.image_json) as OfferImage),
    // Only when it has some: an offer without reads (and exports, and versions) as before they existed.
    ...(row.translations_json === null ? {} : { translations: JSON.parse(row.translations_json) as Record<string, OfferTranslation> }),
  };
}

export function offerFromRow(row: OfferRow, brand: Brand, uuidById: ReadonlyMap<string, string>): Offer {
  const terms = offerTermsFromRow(row);
  const parentId = row.parent_offer_id;
  return {
    id: row.id,
    uuid: row.uuid,
    brand: { slug: brand.slug, name: brand.name },
    ...terms,
    currency: currencySymbol(terms.currencyCode),
    appliesIf: parentId === null ? null : { parentOffer: { id: parentId, uuid: uuidById.get(parentId) ?? null } },
  };
}

export function flowFromRows(row: FlowRow, brand: Brand, plans: Offer[]): CheckoutFlow {
  const templateIdentifier = templateForPlanCount(plans.length);
  if (!templateIdentifier) throw new Error(`Checkout flow ${row.campaign_id} has ${plans.length} plans`);
  const locale = row.locale ?? brand.locale;
  // The tagline is written in the brand's language: a campaign in another shows none rather than a foreign sentence.
  const identity = languageOf(locale) === languageOf(brand.locale) ? brand.identity : { ...brand.identity, tagline: '' };
  return {
    campaignId: row.campaign_id,
    brand_slug: row.brand_slug,
    url_slug: row.url_slug,
    brandName: brand.name,
    templateIdentifier,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    locale,
    pricesIncludeTax: pricesIncludeTax(TAX_RATES, locale),
    data: {
      pageData: { headline: row.headline, subheadline: row.subheadline, plans },
      brandIdentity: identity,
      config: { enablePreAuth: row.enable_pre_auth === 1 },
    },
  };
}

export function couponFromRow(row: CouponRow): Coupon {
  const base = {
    code: row.code,
    currencyCode: row.currency_code as CurrencyCode | null,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    scope: JSON.parse(row.scope_json) as CouponScope,
    maxRedemptions: row.max_redemptions,
    maxRedemptionsPerCustomer: row.max_redemptions_per_customer,
  };
  return row.percent_off !== null
    ? { ...base, coupon: { percent_off: row.percent_off } }
    : { ...base, coupon: { amount_off: row.amount_off ?? 0 } };
}

/** A file's scope as kept: "all", or every list, absent ones as null. */
function scopeOf(scope: CatalogueFile['coupons'][number]['scope']): CouponScope {
  if (scope === 'all') return 'all';
  return { brands: scope.brands ?? null, campaigns: scope.campaigns ?? null, offers: scope.offers ?? null };
}

/** A kept scope as the file spells it: lists that are null are left out. */
export function fileScopeOf(scope: CouponScope): CatalogueFile['coupons'][number]['scope'] {
  if (scope === 'all') return 'all';
  return {
    ...(scope.brands ? { brands: scope.brands } : {}),
    ...(scope.campaigns ? { campaigns: scope.campaigns } : {}),
    ...(scope.offers ? { offers: scope.offers } : {}),
  };
}

const flag = (value: boolean) => (value ? 1 : 0);

export function rowsFromFile(file: CatalogueFile) {
  return {
    brands: file.brands.map((b): BrandRow => ({
      slug: b.slug,
      name: b.name,
      identity_json: JSON.stringify(b.identity),
      default_campaign: b.defaultCampaign,
      reading_url: b.readingUrl,
      locale: b.locale,
    })),
    offers: file.offers.map((o, position): OfferRow => ({
      id: o.id,
      uuid: o.uuid,
      brand_slug: o.brand,
      name: o.name,
      description: o.description,
      currency_code: o.currencyCode,
      total_amount: o.totalAmount,
      discounted_amount: o.discountedAmount,
      billing_interval: o.billingInterval,
      trial_offer: flag(o.trialOffer),
      trial_days: o.trialDays,
      is_print_offer: flag(o.isPrintOffer),
      is_cross_sell: flag(o.isCrossSell),
      parent_offer_id: o.parentOfferId,
      features_json: JSON.stringify(o.features),
      saving_badge: o.savingBadge,
      image_json: o.image === null ? null : JSON.stringify(o.image),
      translations_json: o.translations && Object.keys(o.translations).length > 0 ? JSON.stringify(o.translations) : null,
      position,
    })),
    flows: file.checkoutFlows.map((f, position): FlowRow => ({
      campaign_id: f.campaignId,
      brand_slug: f.brand,
      url_slug: f.urlSlug,
      headline: f.headline,
      subheadline: f.subheadline,
      enable_pre_auth: flag(f.enablePreAuth),
      position,
      starts_at: f.startsAt,
      ends_at: f.endsAt,
      locale: f.locale,
    })),
    plans: file.checkoutFlows.flatMap((f) =>
      f.plans.map((offerId, position) => ({ campaign_id: f.campaignId, offer_id: offerId, position })),
    ),
    coupons: file.coupons.map((c): CouponRow => ({
      code: c.code,
      percent_off: c.percentOff ?? null,
      amount_off: c.amountOff ?? null,
      currency_code: c.currencyCode ?? null,
      valid_from: c.validFrom,
      valid_until: c.validUntil,
      scope_json: JSON.stringify(scopeOf(c.scope)),
      max_redemptions: c.maxRedemptions,
      max_redemptions_per_customer: c.maxRedemptionsPerCustomer,
    })),
  };
}
