import { describe, expect, it } from 'vitest';
import { parseCatalogueFile, type CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { campaignContentOf, canonicalContent } from './campaignContent';
import { versionChanges } from './versionChanges';

const parsed = parseCatalogueFile(JSON.parse(readDemoCatalogue()));
if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
const DEMO: CatalogueFile = parsed.file;

describe('campaignContentOf', () => {
  it('keeps a campaign’s flow, its plans with the cross-sells beside them, its own coupons and whether it is its brand’s default', () => {
    const content = campaignContentOf(DEMO, 'vogue-demo-single')!;
    expect(content.flow).toMatchObject({ brand: 'vogue', urlSlug: 'demo-single', plans: ['1001'] });
    expect(content.offers.map((offer) => offer.id)).toContain('1001');
    expect(content.offers.every((offer) => offer.id === '1001' || offer.isCrossSell)).toBe(true);
    // FREE100 and ONEONLY name this campaign; SAVE20 is everyone's, not one campaign's.
    expect(content.coupons.map((coupon) => coupon.code).sort()).toEqual(expect.arrayContaining(['FREE100', 'ONEONLY']));
    expect(content.coupons.map((coupon) => coupon.code)).not.toContain('SAVE20');
    expect(content.isDefault).toBe(true);
    expect(campaignContentOf(DEMO, 'vogue-demo-ended')!.isDefault).toBe(false);
    expect(campaignContentOf(DEMO, 'nope')).toBeNull();
  });

  it('writes the same content the same way whatever the order of its keys', () => {
    const content = campaignContentOf(DEMO, 'vogue-demo-single')!;
    const reordered = { isDefault: content.isDefault, coupons: content.coupons, offers: content.offers, flow: { ...content.flow } };
    expect(canonicalContent(reordered)).toBe(canonicalContent(content));
  });
});

describe('versionChanges', () => {
  it('names each field that changed, an offer’s by its id and a coupon’s by its code, and what was removed', () => {
    const before = campaignContentOf(DEMO, 'vogue-demo-single')!;
    const [plan, ...rest] = before.offers;
    const after = {
      ...before,
      flow: { ...before.flow, headline: 'Summer with Vogue' },
      offers: [...rest, { ...plan!, totalAmount: plan!.totalAmount + 500 }],
      coupons: before.coupons.filter((coupon) => coupon.code !== 'ONEONLY'),
    };
    const changes = versionChanges(before, after);
    expect(changes).toContainEqual({ field: 'headline', before: JSON.stringify(before.flow.headline), after: '"Summer with Vogue"' });
    expect(changes).toContainEqual({
      field: `offer ${plan!.id} › totalAmount`,
      before: String(plan!.totalAmount),
      after: String(plan!.totalAmount + 500),
    });
    expect(changes.filter((change) => change.field.startsWith('coupon ONEONLY'))).not.toEqual([]);
    expect(changes.filter((change) => change.field.startsWith('coupon ONEONLY')).every((change) => change.after === '—')).toBe(true);
    // Only the moved offer's price changed, not every field of the offers that moved in the list.
    expect(changes.filter((change) => change.field.startsWith('offer '))).toHaveLength(1);
    expect(versionChanges(before, before)).toEqual([]);
  });

  it('lists a campaign’s coupons by code, whatever order the file gives them', () => {
    const file = JSON.parse(readDemoCatalogue()) as { coupons: { code: string; scope: unknown }[] };
    const mine = (code: string) => ({
      code,
      percentOff: 10,
      validFrom: null,
      validUntil: null,
      scope: { campaigns: ['vogue-demo-single'] },
    });
    const withMine = parseCatalogueFile({ ...file, coupons: [...file.coupons, mine('ZULU1'), mine('ALPHA1')] });
    if (!withMine.ok) throw new Error(withMine.errors.join('\n'));
    const codes = campaignContentOf(withMine.file, 'vogue-demo-single')!.coupons.map((coupon) => coupon.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain('ZULU1');
  });
});
