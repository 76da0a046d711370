import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import { call } from './backOfficeApi';

export interface SavedDraft {
  campaignId: string;
  version: number;
  /** The draft as the catalogue would hold it: new offers with their ids, defaults filled in. */
  draft: DraftInput;
}

export interface RenewalPriceChanged {
  offerId: string;
  before: number;
  after: number;
  currencyCode: string;
  subscribers: number;
}

export interface ScheduledCampaign {
  campaignId: string;
  version: number;
  /** ISO instant. */
  publishAt: string;
  timeZone: string;
}

/** A link that shows a version to anyone who has it, as visitors will see it, until `expiresAt`. */
export interface PreviewLink {
  campaignId: string;
  version: number;
  /** The campaign's first page with the preview's token: "/vogue/winter?preview=…". */
  path: string;
  /** ISO instant, 24 hours after it was made. */
  expiresAt: string;
}

export interface ReadingUrlChanged {
  brand: string;
  readingUrl: string | null;
  /** False when the brand already had this reading URL: nothing was written. */
  changed: boolean;
}

export interface PublishedCampaign {
  campaignId: string;
  version: number;
  catalogueVersion: number;
}

/**
 * The studio's calls (pages/api/operator/campaigns/*). Each rejects with an ApiError whose
 * message can be shown: a refused draft's `details` are "field: message", the field as
 * lib/campaigns/campaignDraft.ts FieldProblem names it; 409 `edited_meanwhile` when another
 * save came first.
 */
export const campaignStudioApi = {
  create: (draft: DraftInput) => call<SavedDraft>('POST', '/api/operator/campaigns', { draft }),
  /** `baseVersion` null: a campaign the catalogue held before versions were kept. `restoredFrom`: the version whose content this is. */
  save: (campaignId: string, baseVersion: number | null, draft: DraftInput, restoredFrom?: number) =>
    call<SavedDraft>('POST', `/api/operator/campaigns/${encodeURIComponent(campaignId)}/versions`, {
      baseVersion,
      draft,
      ...(restoredFrom === undefined ? {} : { restoredFrom }),
    }),
  /** The explicit change of a bought offer's renewal price for its subscribers (they are given notice). */
  changeRenewalPrice: (offerId: string, renewalAmount: number) =>
    call<RenewalPriceChanged>('POST', `/api/operator/offers/${encodeURIComponent(offerId)}/renewal-price`, { renewalAmount }),
  /** Publishes `version` at `publishAt` (an ISO instant the marketer chose in `timeZone`); replaces any schedule. */
  schedule: (campaignId: string, version: number, publishAt: string, timeZone: string) =>
    call<ScheduledCampaign>('POST', `/api/operator/campaigns/${encodeURIComponent(campaignId)}/schedule`, { version, publishAt, timeZone }),
  unschedule: (campaignId: string) =>
    call<{ campaignId: string; unscheduled: true }>('DELETE', `/api/operator/campaigns/${encodeURIComponent(campaignId)}/schedule`),
  /** A picture for an offer (PNG, JPEG or WebP, at most 2 MB): its address on this site and its size. */
  uploadImage: (file: Blob) => call<{ src: string; width: number; height: number }>('POST', '/api/operator/images', file),
  /** A new 24-hour preview link of `version` (audited: whoever holds it sees the draft). */
  preview: (campaignId: string, version: number) =>
    call<PreviewLink>('POST', `/api/operator/campaigns/${encodeURIComponent(campaignId)}/previews`, { version }),
  /** Where the brand's new subscribers start reading (null: nowhere): the brand's, written at once, audited. */
  changeReadingUrl: (brandSlug: string, readingUrl: string | null) =>
    call<ReadingUrlChanged>('POST', `/api/operator/brands/${encodeURIComponent(brandSlug)}/reading-url`, { readingUrl }),
  publish: (campaignId: string, version: number) =>
    call<PublishedCampaign>('POST', `/api/operator/campaigns/${encodeURIComponent(campaignId)}/publish`, { version }),
};
