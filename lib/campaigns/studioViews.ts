import type { OperatorView } from '@/lib/operators/backOfficeViews';
import type { DraftInput } from './campaignDraft';

/**
 * Where a campaign stands in the studio: saved but never published (draft), waiting for its
 * start date (scheduled), sold now (on sale), or past its end date (ended).
 */
export const STUDIO_STATES = ['draft', 'scheduled', 'on-sale', 'ended'] as const;
export type StudioState = (typeof STUDIO_STATES)[number];

export const STUDIO_STATE_NAMES: Readonly<Record<StudioState, string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  'on-sale': 'On sale',
  ended: 'Ended',
};

/** One campaign as the studio lists it. */
export interface StudioCampaignView {
  campaignId: string;
  brandSlug: string;
  brandName: string;
  /** Where visitors open it: "/vogue/demo-single". */
  path: string;
  headline: string;
  locale: string;
  layout: 'single' | 'dual';
  /** Its plans' names, in the order its page shows them. */
  offers: string[];
  /** ISO instants; null: open on that side. */
  startsAt: string | null;
  endsAt: string | null;
  state: StudioState;
  /** The brand's default campaign: where its ended offers send visitors. */
  isDefault: boolean;
  /** Paid purchases placed since midnight UTC, live and in test mode apart. */
  ordersToday: { live: number; test: number };
  /** The newest version, when it is a draft not yet published; null: what visitors see is the newest. */
  draftVersion: number | null;
  /** A version the studio is to publish, and when (ISO); null: none scheduled. */
  scheduled: StudioSchedule | null;
}

export interface StudioSchedule {
  version: number;
  publishAt: string;
  /** The zone it was chosen in: "Europe/Berlin". */
  timeZone: string;
}

/** The list's search and filters, as the page's address keeps them. */
export interface StudioFilter {
  /** Words looked for in the headline, the path and the campaign id; empty: any. */
  q: string;
  brand: string | null;
  state: StudioState | null;
}

export interface StudioListPageProps {
  operator: OperatorView;
  campaigns: StudioCampaignView[];
  /** Every brand, by slug, for the brand filter and its reading URL's form. */
  brands: { slug: string; name: string; readingUrl: string | null }[];
  filter: StudioFilter;
  /** The day "today's orders" counts, "2026-12-03" (UTC). */
  today: string;
}

/** One recorded version of a campaign, as its page lists it. */
export interface StudioVersionView {
  version: number;
  createdAt: string;
  /** "Catalogue import", or the operator who saved it. */
  by: string;
  /** When it reached the catalogue; null: a draft. */
  publishedAt: string | null;
}

/** Two versions side by side: what changed from `from` to `to`, field by field. */
export interface StudioComparison {
  from: number;
  to: number;
  changes: { field: string; before: string; after: string }[];
}

/** An offer the campaign has sold that subscribers hold: its renewal price changes only by its own action. */
export interface HeldOfferView {
  offerId: string;
  name: string;
  currencyCode: string;
  /** What its subscribers pay at each renewal now, in cents. */
  renewalAmount: number;
  /** Its subscriptions still running. */
  subscribers: number;
  /** Still sold on the campaign's page (false: retired, kept for those who hold it). */
  onSale: boolean;
}

export interface StudioCampaignPageProps {
  operator: OperatorView;
  /** Offers any version of the campaign sold that subscriptions still hold. */
  heldOffers: HeldOfferView[];
  /** As the list shows it; null when the catalogue no longer has it (its versions remain). */
  campaign: StudioCampaignView | null;
  campaignId: string;
  /** The newest first. */
  versions: StudioVersionView[];
  comparison: StudioComparison | null;
}

/** The studio's editor: a campaign's newest version to change, or a new campaign from nothing. */
export interface CampaignEditorPageProps {
  operator: OperatorView;
  /** Null: a new campaign, whose id the marketer chooses. */
  campaignId: string | null;
  /** The version the form opened on, which a save names as its base; null for a new campaign. */
  baseVersion: number | null;
  /** The newest version: a draft, or published; null for a new campaign. */
  status: { version: number; published: boolean; publishedAt: string | null; createdAt: string; by: string } | null;
  /** What the form starts with: the newest version's content, a restored version's, or a blank campaign. */
  draft: DraftInput;
  /** The version whose content the form holds, when it was opened to restore one (?restore=N). */
  restoredFrom: number | null;
  brands: { slug: string; name: string; locale: string }[];
  /** Offers subscribers hold: their price stays (a new price is a new offer). */
  boughtOfferIds: string[];
  /** The version scheduled to be published, if any. */
  scheduled: StudioSchedule | null;
}
