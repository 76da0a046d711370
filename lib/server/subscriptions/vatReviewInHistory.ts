import type { BusinessDetails } from '@/lib/subscriptions/subscription';

const businessOf = (column: unknown): BusinessDetails | null =>
  typeof column === 'object' && column !== null && 'companyName' in column ? (column as BusinessDetails) : null;

/**
 * Finance's check of a VAT number, where a company change in the history is one (the same
 * company and number, only its status verified or rejected); null for the subscriber's own
 * change. The history keeps each changed column, a JSON one as the value it holds.
 */
export function vatReviewInHistory(before: Record<string, unknown>, after: Record<string, unknown>): 'verified' | 'rejected' | null {
  const was = businessOf(before.business_json);
  const now = businessOf(after.business_json);
  if (!was || !now || was.companyName !== now.companyName || was.vatNumber !== now.vatNumber) return null;
  return now.vatStatus === 'verified' || now.vatStatus === 'rejected' ? now.vatStatus : null;
}
