import { hasDotSegment } from '@/lib/identity/dotSegments';

/** The back office's pages. */
export const OPERATOR_SIGN_IN_PATH = '/admin/sign-in';
export const OPERATOR_LINK_PATH = '/admin/sign-in/link';
export const OPERATOR_FACTOR_PATH = '/admin/sign-in/factor';
export const OPERATOR_HOME_PATH = '/admin';

/** Where a signed-in operator may be sent back to: a back-office page or the mailbox, nothing else (no open redirect, no `..` out of it). */
export function operatorReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 300) return OPERATOR_HOME_PATH;
  if (!/^\/(admin|mailbox)(\/[A-Za-z0-9._~\-/]*)?(\?[A-Za-z0-9._~\-=&%]*)?$/.test(value)) return OPERATOR_HOME_PATH;
  if (value.startsWith(OPERATOR_SIGN_IN_PATH) || value.includes('//') || hasDotSegment(value)) return OPERATOR_HOME_PATH;
  return value;
}

/** Customer care: the search, and one subscription with its customer's history. */
export const CARE_PATH = '/admin/care';
export const careSubscriptionPath = (subscriptionId: string) => `${CARE_PATH}/${encodeURIComponent(subscriptionId)}`;
export const careSearchPath = (query: string) => `${CARE_PATH}?q=${encodeURIComponent(query)}`;

/** The rate limits that hold a client address or an e-mail address, and lifting them (care and admins). */
export const LIMITS_PATH = '/admin/limits';

/** The background jobs: each one's last run, backlog and whether it is behind (admins). */
export const JOBS_PATH = '/admin/jobs';

/** Finance's list of the business subscribers' VAT numbers to check (admins). */
export const VAT_NUMBERS_PATH = '/admin/vat-numbers';

/** The campaign studio: every campaign by brand, its state, dates and today's orders (marketers and admins). */
export const CAMPAIGNS_PATH = '/admin/campaigns';
export const campaignStudioPath = (campaignId: string) => `${CAMPAIGNS_PATH}/${encodeURIComponent(campaignId)}`;
/** The studio's form for a new campaign, and for a campaign's newest version (or one restored: ?restore=N). */
export const NEW_CAMPAIGN_PATH = `${CAMPAIGNS_PATH}/new`;
export const campaignEditorPath = (campaignId: string, restore?: number) =>
  `${campaignStudioPath(campaignId)}/edit${restore === undefined ? '' : `?restore=${restore}`}`;
