import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { CatalogueRepository, flowKey } from './CatalogueRepository';
import { importCatalogueJson } from './importCatalogue';
import { readDemoCatalogue } from './demoCatalogue';

let db: Kysely<Database>;
let repo: CatalogueRepository;

beforeEach(async () => {
  db = await testDb();
  repo = new CatalogueRepository(db);
});
afterEach(async () => {
  await db.destroy();
});

describe('CatalogueRepository', () => {
  it('starts empty at version 0', async () => {
    expect(await repo.version()).toBe(0);
    const snapshot = await repo.loadSnapshot();
    expect(snapshot.flowsByPath.size).toBe(0);
  });

  it('imports the demo catalogue and serves every demo campaign', async () => {
    const result = await importCatalogueJson(db, readDemoCatalogue());
    expect(result).toMatchObject({ ok: true, version: 1 });
    const snapshot = await repo.loadSnapshot();
    expect(snapshot.version).toBe(1);
    expect([...snapshot.flowsByPath.keys()].sort()).toEqual(
      ['epicurious/demo-preauth', 'gq/demo-gbp', 'newyorker/demo-dual', 'vogue/demo-ended', 'vogue/demo-single', 'wired/demo-trial'].sort(),
    );
    expect(snapshot.brands.get('vogue')).toMatchObject({ name: 'Vogue', defaultCampaign: 'demo-single' });
    expect([...snapshot.brands.values()].every((brand) => brand.defaultCampaign !== null)).toBe(true);
    expect(snapshot.flowsByPath.get(flowKey('vogue', 'demo-ended'))).toMatchObject({
      startsAt: '2025-06-01T00:00:00Z',
      endsAt: '2025-09-01T00:00:00Z',
    });

    const single = snapshot.flowsByPath.get(flowKey('vogue', 'demo-single'))!;
    expect(single.templateIdentifier).toBe('single-offer-v1');
    expect(single.brandName).toBe('Vogue');
    expect(single.data.pageData.plans.map((p) => p.id)).toEqual(['1001']);
    expect(single.data.pageData.plans[0]).toMatchObject({ currencyCode: 'USD', currency: '$', totalAmount: 5000, discountedAmount: 2500 });

    const dual = snapshot.flowsByPath.get(flowKey('newyorker', 'demo-dual'))!;
    expect(dual.templateIdentifier).toBe('dual-offer-v2');
    expect(dual.brandName).toBe('The New Yorker');
    expect(dual.data.pageData.plans.map((p) => [p.id, p.isPrintOffer])).toEqual([
      ['2001', false],
      ['2002', true],
    ]);
    const crossSells = snapshot.crossSellsByBrand.get('newyorker') ?? [];
    expect(crossSells.map((o) => [o.id, o.appliesIf?.parentOffer.id])).toEqual([
      ['2101', '2002'],
      ['2102', '0'],
    ]);
    expect(crossSells[0]!.appliesIf?.parentOffer.uuid).toBe(dual.data.pageData.plans[1]!.uuid);

    expect(snapshot.flowsByPath.get(flowKey('wired', 'demo-trial'))!.data.pageData.plans[0]).toMatchObject({
      trialOffer: true,
      trialDays: 30,
    });
    expect(snapshot.flowsByPath.get(flowKey('gq', 'demo-gbp'))!.data.pageData.plans[0]).toMatchObject({
      currencyCode: 'GBP',
      currency: '£',
    });
    expect(snapshot.flowsByPath.get(flowKey('epicurious', 'demo-preauth'))!.data.config.enablePreAuth).toBe(true);
    expect(single.data.config.enablePreAuth).toBe(false);
    expect(single).toMatchObject({ startsAt: null, endsAt: null });

    expect(snapshot.couponsByCode.get('SAVE20')?.coupon).toEqual({ percent_off: 20 });
    expect(snapshot.couponsByCode.get('TENOFF')).toMatchObject({ coupon: { amount_off: 1000 }, currencyCode: 'USD' });
    expect(snapshot.couponsByCode.get('FREE100')?.coupon).toEqual({ percent_off: 100 });
    expect(snapshot.couponsByCode.get('OLD10')?.validUntil).toBe('2025-01-01T00:00:00Z');
    expect(snapshot.couponsByCode.get('SAVE20')).toMatchObject({ scope: 'all', maxRedemptions: null, maxRedemptionsPerCustomer: null });
    expect(snapshot.couponsByCode.get('ONEONLY')).toMatchObject({
      scope: { brands: null, campaigns: ['vogue-demo-single'], offers: null },
      maxRedemptions: 1,
    });
  });

  it('takes two imports at once one after the other: two versions, one whole catalogue', async () => {
    const results = await Promise.all([importCatalogueJson(db, readDemoCatalogue()), importCatalogueJson(db, readDemoCatalogue())]);
    expect(results.map((result) => (result.ok ? result.version : null)).sort()).toEqual([1, 2]);
    expect(await repo.version()).toBe(2);
    const snapshot = await repo.loadSnapshot();
    expect(snapshot.flowsByPath.get(flowKey('vogue', 'demo-single'))?.data.pageData.plans).toHaveLength(1);
  });

  it('exports what it imported, so export then import is a round trip', async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    const exported = await repo.exportAll();
    const original = JSON.parse(readDemoCatalogue());
    expect(exported.offers).toEqual(original.offers);
    expect(exported.checkoutFlows).toEqual(original.checkoutFlows);
    expect(exported.brands).toEqual([...original.brands].sort((a, b) => a.slug.localeCompare(b.slug)));
    const withDefaults = (coupon: { code: string }) => ({ maxRedemptions: null, maxRedemptionsPerCustomer: null, ...coupon });
    expect(exported.coupons).toEqual(
      (original.coupons as { code: string }[]).map(withDefaults).sort((a, b) => a.code.localeCompare(b.code)),
    );
    const again = await importCatalogueJson(db, JSON.stringify(exported));
    expect(again).toMatchObject({ ok: true, version: 2 });
    expect(await repo.exportAll()).toEqual(exported);
  });

  it('round-trips the default campaign and the campaign dates, and exports them as null when absent', async () => {
    const file = JSON.parse(readDemoCatalogue());
    file.brands[0].defaultCampaign = 'demo-ended';
    file.checkoutFlows[0] = { ...file.checkoutFlows[0], startsAt: '2026-12-01T00:00:00+01:00', endsAt: '2027-01-01T00:00:00Z' };
    delete file.brands[1].defaultCampaign;
    delete file.checkoutFlows[2].startsAt;
    delete file.checkoutFlows[2].endsAt;
    expect(await importCatalogueJson(db, JSON.stringify(file))).toMatchObject({ ok: true });
    const exported = await repo.exportAll();
    expect(exported.brands.find((b) => b.slug === 'vogue')?.defaultCampaign).toBe('demo-ended');
    expect(exported.brands.find((b) => b.slug === 'newyorker')?.defaultCampaign).toBeNull();
    expect(exported.checkoutFlows[0]).toMatchObject({
      urlSlug: 'demo-single',
      startsAt: '2026-12-01T00:00:00+01:00',
      endsAt: '2027-01-01T00:00:00Z',
    });
    expect(exported.checkoutFlows[2]).toMatchObject({ startsAt: null, endsAt: null });
    expect(await importCatalogueJson(db, JSON.stringify(exported))).toMatchObject({ ok: true });
    expect(await repo.exportAll()).toEqual(exported);
  });

  it("round-trips each offer's saving badge and image, and exports them as null when absent", async () => {
    const file = JSON.parse(readDemoCatalogue());
    const vogue = file.offers.find((offer: { id: string }) => offer.id === '1001');
    vogue.savingBadge = 'Save $20';
    vogue.image = { src: '/offer-images/other.webp', alt: 'A cover', width: 300, height: 200 };
    const epicurious = file.offers.find((offer: { id: string }) => offer.id === '5001');
    delete epicurious.savingBadge;
    delete epicurious.image;
    expect(await importCatalogueJson(db, JSON.stringify(file))).toMatchObject({ ok: true });
    const exported = await repo.exportAll();
    expect(exported.offers.find((offer) => offer.id === '1001')).toMatchObject({
      savingBadge: 'Save $20',
      image: { src: '/offer-images/other.webp', alt: 'A cover', width: 300, height: 200 },
    });
    expect(exported.offers.find((offer) => offer.id === '5001')).toMatchObject({ savingBadge: null, image: null });
    const snapshot = await repo.loadSnapshot();
    expect(snapshot.flowsByPath.get('vogue/demo-single')?.data.pageData.plans[0]).toMatchObject({
      savingBadge: 'Save $20',
      image: { src: '/offer-images/other.webp', width: 300, height: 200 },
    });
    expect(await importCatalogueJson(db, JSON.stringify(exported))).toMatchObject({ ok: true });
    expect(await repo.exportAll()).toEqual(exported);
  });

  it('writes nothing when the file is invalid, and names the bad field', async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    const before = await repo.exportAll();
    const bad = JSON.parse(readDemoCatalogue());
    bad.offers[1].currencyCode = 'JPY';
    bad.offers[0].name = 'Changed';
    const result = await importCatalogueJson(db, JSON.stringify(bad));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.some((e) => e.startsWith('offers[1].currencyCode:'))).toBe(true);
    expect(await repo.version()).toBe(1);
    expect(await repo.exportAll()).toEqual(before);
  });

  it('rejects text that is not JSON without writing', async () => {
    const result = await importCatalogueJson(db, '{"brands": [');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatch(/^\(file\): not valid JSON/);
    expect(await repo.version()).toBe(0);
  });

  it('replaces the whole catalogue: a campaign left out of the file is gone', async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    const file = JSON.parse(readDemoCatalogue());
    file.checkoutFlows = file.checkoutFlows.filter((f: { urlSlug: string }) => f.urlSlug !== 'demo-gbp');
    // A brand's default campaign must exist: GQ's goes with it.
    expect(await importCatalogueJson(db, JSON.stringify(file))).toEqual({
      ok: false,
      errors: ['brands[3].defaultCampaign: must be the urlSlug of a checkout flow of brand "gq", not "demo-gbp"'],
    });
    file.brands[3].defaultCampaign = null;
    expect(await importCatalogueJson(db, JSON.stringify(file))).toMatchObject({ ok: true, version: 2 });
    const snapshot = await repo.loadSnapshot();
    expect(snapshot.flowsByPath.has(flowKey('gq', 'demo-gbp'))).toBe(false);
    expect(snapshot.flowsByPath.has(flowKey('vogue', 'demo-single'))).toBe(true);
  });
});
