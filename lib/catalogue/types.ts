import type { ExperimentMark } from '@/lib/experiments/experiment';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { TemplateIdentifier } from '@/lib/pricing/template';

/** How a brand looks on its pages. Colours are CSS hex colours. */
export interface BrandIdentity {
  primaryColor: string;
  accentColor: string;
  backgroundColor: string;
  textColor: string;
  fontFamily: 'serif' | 'sans' | 'display';
  tagline: string;
}

export interface Brand {
  slug: string;
  /** The display name: the mapped name for the eight known brands, else the catalogue's. */
  name: string;
  identity: BrandIdentity;
  /**
   * The url_slug of the campaign a visitor is sent to when the one asked for is unknown or
   * over; null: the brand's first campaign on sale (catalogues from before the field).
   */
  defaultCampaign: string | null;
  /** Where a subscriber starts reading (an absolute https URL); null: the brand has none to link. */
  readingUrl: string | null;
  /** The locale its pages speak unless a campaign says otherwise: "de-DE" (lib/i18n/locales.ts). */
  locale: string;
}

export type BillingInterval = 'month' | 'year';

/**
 * An offer's picture: a file the site serves (under public/, the only images the content
 * security policy allows), with its size so the card keeps its room while it loads.
 */
export interface OfferImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** An offer (SPEC §3). Amounts are in cents. */
/** An offer's words in another language its campaigns offer; a word left out is not shown in it. */
export interface OfferTranslation {
  description?: string;
  features?: string[];
  savingBadge?: string | null;
  imageAlt?: string;
}

export interface Offer {
  id: string;
  uuid: string;
  brand: { slug: string; name: string };
  name: string;
  description: string;
  currencyCode: CurrencyCode;
  /** "$" or "£": the symbol the spec's offer carries beside its currency code. */
  currency: string;
  totalAmount: number;
  discountedAmount: number | null;
  billingInterval: BillingInterval;
  trialOffer: boolean;
  trialDays: number | null;
  isPrintOffer: boolean;
  isCrossSell: boolean;
  features: string[];
  /** A short line the offer card shows above the name ("Half price for a year"); null: none. */
  savingBadge: string | null;
  image: OfferImage | null;
  /** Its words by locale ("fr-CA"), for pages in a language its campaign offers; absent: none. Never sent to a page (catalogueInLocale.ts). */
  translations?: Readonly<Record<string, OfferTranslation>>;
  /** Cross-sell offers name their parent; parent id "0" means every offer. */
  appliesIf: { parentOffer: { id: string; uuid: string | null } } | null;
}

export interface CheckoutPageData {
  headline: string;
  subheadline: string;
  plans: Offer[];
}

/** A preview link's mark on the campaign it shows (lib/server/campaigns/campaignPreviews.ts). */
export interface PreviewMark {
  /** The link's token: the journey's requests carry it, so that the server prices and sells the previewed version. */
  token: string;
  version: number;
  /** ISO instant. */
  expiresAt: string;
}

/** A campaign's checkout flow (SPEC §3). */
export interface CheckoutFlow {
  campaignId: string;
  brand_slug: string;
  url_slug: string;
  brandName: string;
  templateIdentifier: TemplateIdentifier;
  /** Sold from startsAt (inclusive) until endsAt (exclusive), ISO instants; null: open (lib/catalogue/campaignWindow.ts). */
  startsAt: string | null;
  endsAt: string | null;
  /** The locale its pages, e-mails and account speak: its own, else its brand's. */
  locale: string;
  /** Its market's prices hold their tax (VAT): its pages say "including VAT" (lib/pricing/marketTax.ts). */
  pricesIncludeTax: boolean;
  /** Only on a preview link's pages: the studio's version shown in place of what visitors see. */
  preview?: PreviewMark;
  /** Only for a visitor enrolled in the campaign's experiment: the variant their pages show (lib/server/experiments). */
  experiment?: ExperimentMark;
  data: {
    pageData: CheckoutPageData;
    brandIdentity: BrandIdentity;
    config: { enablePreAuth: boolean };
  };
}

/**
 * Where a coupon can be used: everywhere ("all", an operator's explicit choice), or only
 * where every list it gives matches (brand slugs, campaign ids, plan offer ids).
 */
export type CouponScope = 'all' | { brands: string[] | null; campaigns: string[] | null; offers: string[] | null };

export interface Coupon {
  code: string;
  coupon: { percent_off: number; amount_off?: never } | { amount_off: number; percent_off?: never };
  /** The currency an amount_off is in; null for percentages. */
  currencyCode: CurrencyCode | null;
  validFrom: string | null;
  validUntil: string | null;
  scope: CouponScope;
  /** Paid orders it may discount in each mode (live, test), all buyers together; null: no cap. */
  maxRedemptions: number | null;
  /** Paid orders it may discount per buyer's e-mail address in each mode; null: no cap. */
  maxRedemptionsPerCustomer: number | null;
}
