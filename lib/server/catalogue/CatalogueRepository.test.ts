import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
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
      [
        'epicurious/demo-preauth',
        'gq/demo-de',
        'gq/demo-gbp',
        'newyorker/demo-ca',
        'newyorker/demo-dual',
        'vogue/demo-ended',
        'vogue/demo-fr',
        'vogue/demo-single',
        'wired/demo-trial',
      ].sort(),
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

  it("round-trips an offer's words in another locale, and exports none for an offer without", async () => {
    const file = JSON.parse(readDemoCatalogue());
    const canadian = file.offers.find((offer: { id: string }) => offer.id === '2201');
    canadian.translations = { 'fr-CA': { description: 'The New Yorker en numérique, au Canada', features: ['Accès illimité'] } };
    expect(await importCatalogueJson(db, JSON.stringify(file))).toMatchObject({ ok: true });
    const exported = await repo.exportAll();
    expect(exported.offers.find((offer) => offer.id === '2201')!.translations).toEqual(canadian.translations);
    expect(exported.offers.find((offer) => offer.id === '1001')).not.toHaveProperty('translations');
    const plan = (await repo.loadSnapshot()).flowsByPath.get('newyorker/demo-ca')!.data.pageData.plans[0]!;
    expect(plan.translations).toEqual(canadian.translations);
    expect(await importCatalogueJson(db, JSON.stringify(exported))).toMatchObject({ ok: true });
    expect(await repo.exportAll()).toEqual(exported);
  });

  it("gives each campaign its locale, its brand's by default, and round-trips both", async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    const snapshot = await repo.loadSnapshot();
    const flow = (brand: string, slug: string) => snapshot.flowsByPath.get(flowKey(brand, slug))!;
    expect(flow('gq', 'demo-de')).toMatchObject({ locale: 'de-DE', pricesIncludeTax: true });
    expect(flow('gq', 'demo-gbp')).toMatchObject({ locale: 'en-GB', pricesIncludeTax: true });
    expect(flow('vogue', 'demo-fr')).toMatchObject({ locale: 'fr-FR', pricesIncludeTax: true });
    expect(flow('newyorker', 'demo-ca')).toMatchObject({ locale: 'en-CA', pricesIncludeTax: false });
    expect(flow('vogue', 'demo-single')).toMatchObject({ locale: 'en-US', pricesIncludeTax: false });
    // The brand's tagline is English: the German campaign shows none rather than a foreign sentence.
    expect(flow('gq', 'demo-de').data.brandIdentity.tagline).toBe('');
    expect(flow('gq', 'demo-gbp').data.brandIdentity.tagline).not.toBe('');
    const exported = await repo.exportAll();
    expect(exported.checkoutFlows.find((f) => f.urlSlug === 'demo-de')?.locale).toBe('de-DE');
    expect(exported.checkoutFlows.find((f) => f.urlSlug === 'demo-single')?.locale).toBeNull();
    expect(await importCatalogueJson(db, JSON.stringify(exported))).toMatchObject({ ok: true });
    expect(await repo.exportAll()).toEqual(exported);
  });

  it('takes a file from before locales as English, and refuses a locale the pages are not written in', async () => {
    const old = JSON.parse(readDemoCatalogue());
    for (const brand of old.brands) delete brand.locale;
    for (const flow of old.checkoutFlows) delete flow.locale;
    expect(await importCatalogueJson(db, JSON.stringify(old))).toMatchObject({ ok: true });
    expect([...(await repo.loadSnapshot()).flowsByPath.values()].every((flow) => flow.locale === 'en-US')).toBe(true);
    const bad = JSON.parse(readDemoCatalogue());
    bad.brands[0].locale = 'es-ES';
    bad.checkoutFlows[0].locale = 'de';
    const result = await importCatalogueJson(db, JSON.stringify(bad));
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toEqual([
      expect.stringMatching(/^brands\[0\]\.locale: must be a language and region the pages are written in/),
      expect.stringMatching(/^checkoutFlows\[0\]\.locale: must be a language and region/),
    ]);
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

describe('a renewal price change in an import', () => {
  const FAR = '2030-01-01T00:00:00.000Z';

  /** `count` subscriptions like a bought one, to `offerId`, due far ahead; answers their ids. */
  async function subscribers(template: Record<string, unknown>, prefix: string, count: number, offerId: string, ended = false) {
    const rows = Array.from({ length: count }, (_, n) => ({
      ...template,
      id: `${prefix}_${n}`,
      transaction_id: `txn_${prefix}_${n}`,
      offer_id: offerId,
      ...(ended ? { status: 'ended', ended_at: '2026-12-01T00:00:00.000Z', end_reason: 'cancelled' } : {}),
    }));
    for (let at = 0; at < rows.length; at += 100) {
      const page = rows.slice(at, at + 100);
      await db
        .insertInto('subscriptions')
        .values(page as never)
        .execute();
      await db
        .insertInto('subscription_schedule')
        .values(page.map((row) => ({ subscription_id: row.id, next_action_at: FAR, lease_until: null })))
        .execute();
    }
    return rows.map((row) => row.id);
  }

  const states = async (ids: string[]) =>
    db
      .selectFrom('subscriptions')
      .innerJoin('subscription_schedule', 'subscription_schedule.subscription_id', 'subscriptions.id')
      .select(['id', 'version', 'subscription_schedule.next_action_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  it('makes each of a few hundred live subscribers of the changed offer due at once, and no other', async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    const transactions = new TransactionRepository(db, () => new Date('2026-11-26T10:00:00.000Z'));
    await transactions.create(newTransactionFixture({ id: 'txn_template' }));
    await transactions.markSucceeded('txn_template', 'pi_template');
    const template = await db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    await db.deleteFrom('subscription_schedule').execute();
    await db.deleteFrom('subscriptions').execute();
    await db.deleteFrom('subscription_history').execute();
    const exported = await repo.exportAll();
    const other = exported.offers.find((offer) => offer.id !== template.offer_id)!.id;
    const live = await subscribers(template, 'live', 300, template.offer_id);
    const ended = await subscribers(template, 'ended', 40, template.offer_id, true);
    const untouched = await subscribers(template, 'other', 40, other);
    const [endedBefore, untouchedBefore] = [await states(ended), await states(untouched)];

    const offers = exported.offers.map((offer) =>
      offer.id === template.offer_id ? { ...offer, totalAmount: offer.totalAmount + 1000 } : offer,
    );
    const started = new Date().toISOString();
    await repo.replaceAll({ ...exported, offers });

    const moved = await states(live);
    expect(moved).toHaveLength(300);
    for (const row of moved) {
      // The schedule is the engine's, apart from the record: making it due moves no version.
      expect(Number(row.version)).toBe(Number(template.version));
      expect(row.next_action_at! >= started && row.next_action_at! <= new Date().toISOString()).toBe(true);
    }
    // All due at the one instant of the import.
    expect(new Set(moved.map((row) => row.next_action_at)).size).toBe(1);
    expect(await states(ended)).toEqual(endedBefore);
    expect(await states(untouched)).toEqual(untouchedBefore);
    // Only the engine's schedule moved: nothing of the contract, so no history.
    expect(await db.selectFrom('subscription_history').select('id').execute()).toEqual([]);
  });
});
