import { describe, expect, it } from 'vitest';
import { parseCatalogueFile, type CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { campaignContentOf } from './campaignContent';
import { brandCrossSellsLeft, checkDraft, droppedCrossSells, placeDraft, type DraftInput } from './campaignDraft';

const demo = (): CatalogueFile => {
  const parsed = parseCatalogueFile(JSON.parse(readDemoCatalogue()));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.file;
};
const draftOf = (file: CatalogueFile, campaignId: string): DraftInput =>
  structuredClone(campaignContentOf(file, campaignId)!) as unknown as DraftInput;

describe('checkDraft', () => {
  it('answers the campaign as the catalogue would hold it with the draft in it', () => {
    const file = demo();
    const draft = draftOf(file, 'vogue-demo-single');
    draft.flow.headline = 'Vogue for the winter';
    const checked = checkDraft(file, 'vogue-demo-single', draft);
    expect(checked.ok && checked.content.flow.headline).toBe('Vogue for the winter');
    // The rest of the catalogue is as it was.
    expect(checked.ok && checked.file.checkoutFlows.length).toBe(file.checkoutFlows.length);
  });

  it('names each problem by the draft field it is about, in the schema’s words', () => {
    const file = demo();
    const draft = draftOf(file, 'vogue-demo-single');
    draft.flow.headline = '';
    draft.offers[0] = { ...draft.offers[0], totalAmount: 12.5 };
    draft.coupons.push({ code: 'x', percentOff: 10, scope: { campaigns: ['vogue-demo-single'] } });
    draft.isDefault = true;
    draft.flow.urlSlug = 'Not A Slug';
    const checked = checkDraft(file, 'vogue-demo-single', draft);
    expect(checked.ok).toBe(false);
    const fields = !checked.ok ? checked.problems.map((problem) => problem.field) : [];
    expect(fields).toEqual(
      expect.arrayContaining(['flow.headline', 'offers.0.totalAmount', `coupons.${draft.coupons.length - 1}.code`, 'flow.urlSlug']),
    );
  });

  it('names an offer that does not exist once the fields are right (the schema checks references last)', () => {
    const file = demo();
    const draft = draftOf(file, 'vogue-demo-single');
    draft.flow.plans = ['1001', '999'];
    const checked = checkDraft(file, 'vogue-demo-single', draft);
    expect(!checked.ok && checked.problems).toEqual([
      { field: 'flow.plans.1', message: 'must name a plan offer of brand "vogue", not "999"' },
    ]);
  });

  it('adds a new campaign at the end, and makes it its brand’s default when asked', () => {
    const file = demo();
    const draft = draftOf(file, 'vogue-demo-single');
    draft.flow = { ...draft.flow, urlSlug: 'winter', campaignId: 'vogue-winter' };
    draft.coupons = [];
    draft.isDefault = true;
    const placed = placeDraft(file, 'vogue-winter', draft);
    expect(placed.flowIndex).toBe(file.checkoutFlows.length);
    expect(placed.file.brands.find((brand) => brand.slug === 'vogue')?.defaultCampaign).toBe('winter');
  });

  it('takes the campaign out of a coupon’s scope it drops, and drops a coupon that named only it', () => {
    const file = demo();
    const draft = draftOf(file, 'vogue-demo-single');
    expect(draft.coupons.map((coupon) => coupon.code)).toContain('FREE100');
    draft.coupons = [];
    const placed = placeDraft(file, 'vogue-demo-single', draft);
    const free = placed.file.coupons.find((coupon) => coupon.code === 'FREE100');
    expect(free?.scope).toEqual({ campaigns: ['newyorker-demo-dual'] });
  });

  it('keeps an offer the draft no longer sells: its subscribers renew on it', () => {
    const file = demo();
    const draft = draftOf(file, 'vogue-demo-single');
    draft.offers = draft.offers.map((offer) =>
      offer.id === '1001' ? { ...offer, id: '9001', uuid: '5a1e0000-0000-4000-8000-000000009001' } : offer,
    );
    draft.flow.plans = ['9001'];
    const checked = checkDraft(file, 'vogue-demo-single', draft);
    expect(checked.ok).toBe(true);
    expect(checked.ok && checked.file.offers.some((offer) => offer.id === '1001')).toBe(true);
    expect(checked.ok && checked.content.flow.plans).toEqual(['9001']);
  });

  it('takes a cross-sell off the campaign when the draft drops it, and says which brand-wide ones it cannot', () => {
    const file = demo();
    const draft = draftOf(file, 'newyorker-demo-dual');
    expect(draft.offers.map((offer) => offer.id)).toEqual(expect.arrayContaining(['2101', '2102']));
    draft.offers = draft.offers.filter((offer) => offer.id !== '2101' && offer.id !== '2102');
    const published = campaignContentOf(file, 'newyorker-demo-dual');
    expect([...droppedCrossSells(published, draft)]).toEqual(['2101']);
    expect(brandCrossSellsLeft(published, draft).map((offer) => offer.id)).toEqual(['2102']);
    const checked = checkDraft(file, 'newyorker-demo-dual', draft);
    expect(checked.ok && checked.file.offers.some((offer) => offer.id === '2101')).toBe(false);
    expect(checked.ok && checked.content.offers.map((offer) => offer.id)).not.toContain('2101');
  });
});
