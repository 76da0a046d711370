import { csvDocument } from '@/lib/text/csv';
import type { CampaignContent } from './campaignContent';

type Coupon = CampaignContent['coupons'][number];

/** A coupon a partner hands out once: one use in all, one per customer. */
export const isSingleUse = (coupon: Coupon) => coupon.maxRedemptions === 1 && coupon.maxRedemptionsPerCustomer === 1;

const COLUMNS = ['code', 'percent_off', 'amount_off_cents', 'currency', 'valid_from', 'valid_until', 'address'] as const;

/** A campaign version's single-use codes as a partner takes them away (lib/text/csv.ts). */
export function singleUseCodesCsv(content: CampaignContent): string {
  const address = `/${content.flow.brand}/${content.flow.urlSlug}`;
  const rows = content.coupons
    .filter(isSingleUse)
    .map((coupon) => [
      coupon.code,
      coupon.percentOff ?? null,
      coupon.amountOff ?? null,
      coupon.currencyCode ?? null,
      coupon.validFrom,
      coupon.validUntil,
      address,
    ]);
  return csvDocument([COLUMNS, ...rows]);
}
