import { describe, expect, it } from 'vitest';
import { parseCatalogueFile, type CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { campaignContentOf } from './campaignContent';
import { boughtPriceProblems, couponCodeProblems, endedCouponProblems, takenProblems } from './publishChecks';

const demo = (): CatalogueFile => {
  const parsed = parseCatalogueFile(JSON.parse(readDemoCatalogue()));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.file;
};

describe('publish checks', () => {
  it('keeps a bought offer’s price, and lets its words change', () => {
    const file = demo();
    const content = structuredClone(campaignContentOf(file, 'vogue-demo-single')!);
    content.offers[0] = { ...content.offers[0]!, name: 'Vogue Digital+' };
    // The editor's order: another offer first.
    const draft = [{ id: '9999' }, { id: '1001' }];
    expect(boughtPriceProblems(draft, content, file.offers, new Set(['1001']))).toEqual([]);
    content.offers[0] = { ...content.offers[0]!, totalAmount: 6000 };
    expect(boughtPriceProblems(draft, content, file.offers, new Set(['1001']))).toEqual([
      { field: 'offers.1.totalAmount', message: expect.stringContaining('subscribers hold this offer') },
    ]);
    // Nobody bought it: its price may change.
    expect(boughtPriceProblems(draft, content, file.offers, new Set())).toEqual([]);
  });

  it('refuses a coupon that has ended by the time of publishing', () => {
    const content = structuredClone(campaignContentOf(demo(), 'vogue-demo-single')!);
    content.coupons = [{ ...content.coupons[0]!, code: 'WINTER', validUntil: '2026-01-01T00:00:00Z' }];
    const draft = [{ code: 'OTHER' }, { code: 'WINTER' }];
    expect(endedCouponProblems(draft, content, new Date('2026-12-03T00:00:00Z'))).toEqual([
      { field: 'coupons.1.validUntil', message: expect.stringContaining('has passed (2026-01-01T00:00:00Z)') },
    ]);
    expect(endedCouponProblems(draft, content, new Date('2025-12-03T00:00:00Z'))).toEqual([]);
  });

  it('names the campaign whose address or coupon code a draft would take', () => {
    const file = demo();
    expect(takenProblems(file, 'vogue-new', { brand: 'vogue', urlSlug: 'demo-single' }, [])).toEqual([
      { field: 'flow.urlSlug', message: 'is taken: /vogue/demo-single is the address of campaign vogue-demo-single' },
    ]);
    expect(takenProblems(file, 'vogue-demo-single', { brand: 'vogue', urlSlug: 'demo-single' }, [])).toEqual([]);
    expect(
      takenProblems(file, 'vogue-new', { brand: 'vogue', urlSlug: 'winter' }, [
        { campaignId: 'vogue-w', brand: 'vogue', urlSlug: 'winter' },
      ]),
    ).toHaveLength(1);
    expect(couponCodeProblems(file, null, [{ code: 'SAVE20' }, { code: 'MINE' }])).toEqual([
      { field: 'coupons.0.code', message: 'is taken: SAVE20 is another campaign’s coupon' },
    ]);
  });
});
