import { describe, expect, it } from 'vitest';
import type { CampaignContent } from './campaignContent';
import { singleUseCodesCsv } from './codesCsv';

const coupon = (code: string, caps: number | null) => ({
  code,
  percentOff: 15,
  validFrom: null,
  validUntil: '2027-01-31T23:00:00.000Z',
  scope: { campaigns: ['vogue-winter'] },
  maxRedemptions: caps,
  maxRedemptionsPerCustomer: caps,
});

describe('singleUseCodesCsv', () => {
  it('writes the single-use codes only, as RFC 4180 with a byte-order mark', () => {
    const content = {
      flow: { brand: 'vogue', urlSlug: 'winter' },
      coupons: [coupon('PARTNERAB12CD34EF', 1), coupon('WINTER10', null), coupon('PARTNERZZ98YX76WV', 1)],
    } as unknown as CampaignContent;
    const csv = singleUseCodesCsv(content);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'code,percent_off,amount_off_cents,currency,valid_from,valid_until,address',
      'PARTNERAB12CD34EF,15,,,,2027-01-31T23:00:00.000Z,/vogue/winter',
      'PARTNERZZ98YX76WV,15,,,,2027-01-31T23:00:00.000Z,/vogue/winter',
      '',
    ]);
  });
});
