import { PREVIEW_PARAMETER, PREVIEW_TOKEN } from '@/lib/journey/preview';
import type { BackOfficeRefusal, OperatorView } from '@/lib/operators/backOfficeViews';
import { campaignStudioPath } from '@/lib/operators/operatorPaths';

/** /admin/campaigns/{campaignId}/preview?link={token}: one preview link of a version, and the version in two frames. */
export interface CampaignPreviewPageProps {
  operator: OperatorView;
  campaignId: string;
  version: number;
  /** The previewed version's headline; null when the version no longer says one. */
  headline: string | null;
  /** On this site: "/vogue/winter?preview=…". The browser makes it absolute (the server does not know the address it is reached at). */
  path: string;
  /** ISO instant: the link stops working then. */
  expiresAt: string;
}

/** A refusal of the preview page; `campaignId` when the address named a campaign, so that the page leads back to it. */
export type CampaignPreviewRefusal = BackOfficeRefusal & { campaignId?: string };

/** The studio's page of a preview link (the token, not the whole link: it is the page's key). */
export const campaignPreviewPath = (campaignId: string, token: string) =>
  `${campaignStudioPath(campaignId)}/preview?link=${encodeURIComponent(token)}`;

/** The token of a preview link's path ("/vogue/winter?preview={token}" -> "{token}"); null when it carries none that is one. */
export function previewTokenOf(path: string): string | null {
  // Any base: only the query is read.
  const token = new URL(path, 'http://preview.invalid').searchParams.get(PREVIEW_PARAMETER);
  return token !== null && PREVIEW_TOKEN.test(token) ? token : null;
}
