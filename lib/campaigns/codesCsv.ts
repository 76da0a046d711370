import type { CampaignContent } from './campaignContent';

type Coupon = CampaignContent['coupons'][number];

/** A coupon a partner hands out once: one use in all, one per customer. */
export const isSingleUse = (coupon: Coupon) => coupon.maxRedemptions === 1 && coupon.maxRedemptionsPerCustomer === 1;

const COLUMNS = ['code', 'percent_off', 'amount_off_cents', 'currency', 'valid_from', 'valid_until', 'address'] as const;

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function cell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A campaign version's single-use codes as a partner takes them away: RFC 4180 (CRLF, a header
 * row), UTF-8 with a byte-order mark so that a spreadsheet reads it as such. Codes are capital
 * letters and digits, and no cell starts with "=", "+", "-" or "@", so none runs as a formula.
 */
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
  return `\uFEFF${[COLUMNS, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
