import type { OperatorView } from '@/lib/operators/backOfficeViews';

/**
 * Where a campaign stands in the studio: waiting for its start date (scheduled), sold now
 * (on sale), or past its end date (ended). Drafts join these with the studio's versions.
 */
export const STUDIO_STATES = ['scheduled', 'on-sale', 'ended'] as const;
export type StudioState = (typeof STUDIO_STATES)[number];

export const STUDIO_STATE_NAMES: Readonly<Record<StudioState, string>> = {
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
  /** Every brand, by slug, for the brand filter. */
  brands: { slug: string; name: string }[];
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
}

/** Two versions side by side: what changed from `from` to `to`, field by field. */
export interface StudioComparison {
  from: number;
  to: number;
  changes: { field: string; before: string; after: string }[];
}

export interface StudioCampaignPageProps {
  operator: OperatorView;
  /** As the list shows it; null when the catalogue no longer has it (its versions remain). */
  campaign: StudioCampaignView | null;
  campaignId: string;
  /** The newest first. */
  versions: StudioVersionView[];
  comparison: StudioComparison | null;
}
