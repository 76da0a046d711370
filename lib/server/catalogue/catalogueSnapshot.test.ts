import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { parseCatalogueFile, type CatalogueFile } from '@/lib/catalogue/catalogueFile';
import type { Database } from '@/lib/server/db/schema';
import { CatalogueRepository, type CatalogueSnapshot } from './CatalogueRepository';
import { snapshotOfFile } from './catalogueSnapshot';
import { importCatalogueJson } from './importCatalogue';
import { readDemoCatalogue } from './demoCatalogue';

let db: Kysely<Database>;

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

function demoFile(): CatalogueFile {
  const parsed = parseCatalogueFile(JSON.parse(readDemoCatalogue()));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.file;
}

/** The demo catalogue imported into the database, and the snapshot pages read of it. */
async function imported(file: CatalogueFile = demoFile()): Promise<CatalogueSnapshot> {
  const result = await importCatalogueJson(db, JSON.stringify(file));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return new CatalogueRepository(db).loadSnapshot();
}

/** A snapshot's maps as lists in their order, so that an order that differs fails too. */
const inOrder = (snapshot: CatalogueSnapshot) => ({
  version: snapshot.version,
  brands: [...snapshot.brands.entries()].sort(([a], [b]) => a.localeCompare(b)),
  flowsByPath: [...snapshot.flowsByPath.entries()],
  crossSellsByBrand: [...snapshot.crossSellsByBrand.entries()],
  couponsByCode: [...snapshot.couponsByCode.entries()].sort(([a], [b]) => a.localeCompare(b)),
  scheduledChanges: [...snapshot.scheduledChanges.entries()],
});

describe('snapshotOfFile', () => {
  it('is the snapshot the database gives once the same file is imported: flows, offers, cross-sells, coupons, in order', async () => {
    const file = demoFile();
    const fromDb = await imported(file);
    const fromFile = snapshotOfFile(file, fromDb.version);
    expect(inOrder(fromFile)).toEqual(inOrder(fromDb));
    // Not two empty snapshots alike: the demo's campaigns are all there.
    expect([...fromFile.flowsByPath.keys()]).toEqual(file.checkoutFlows.map((flow) => `${flow.brand}/${flow.urlSlug}`));
  });

  it('gives each campaign its brand, its plans in the file’s order, its dates and its language', () => {
    const snapshot = snapshotOfFile(demoFile(), 7);
    expect(snapshot.version).toBe(7);
    const dual = snapshot.flowsByPath.get('newyorker/demo-dual')!;
    expect(dual).toMatchObject({
      campaignId: 'newyorker-demo-dual',
      brand_slug: 'newyorker',
      url_slug: 'demo-dual',
      brandName: 'The New Yorker',
      templateIdentifier: 'dual-offer-v2',
      startsAt: null,
      endsAt: null,
    });
    expect(dual.data.pageData.plans.map((plan) => plan.id)).toEqual(['2001', '2002']);
    expect(snapshot.flowsByPath.get('vogue/demo-ended')).toMatchObject({
      startsAt: '2025-06-01T00:00:00Z',
      endsAt: '2025-09-01T00:00:00Z',
    });
    expect(snapshot.flowsByPath.get('gq/demo-de')?.locale).toBe('de-DE');
    expect(snapshot.brands.get('vogue')).toMatchObject({ slug: 'vogue', defaultCampaign: 'demo-single' });
  });

  it('lists each brand’s cross-sells with the plan they go beside, and every coupon by its code', () => {
    const snapshot = snapshotOfFile(demoFile(), 1);
    expect(snapshot.crossSellsByBrand.get('newyorker')?.map((offer) => [offer.id, offer.appliesIf?.parentOffer.id])).toEqual([
      ['2101', '2002'],
      ['2102', '0'],
    ]);
    expect(snapshot.crossSellsByBrand.has('vogue')).toBe(false);
    expect(snapshot.flowsByPath.get('newyorker/demo-dual')?.data.pageData.plans.some((plan) => plan.isCrossSell)).toBe(false);
    expect([...snapshot.couponsByCode.keys()].sort()).toEqual(['FREE100', 'OLD10', 'ONEONLY', 'SAVE20', 'TENOFF', 'VOGUE15', 'WELCOME25']);
    expect(snapshot.couponsByCode.get('FREE100')?.scope).toEqual({
      brands: null,
      campaigns: ['vogue-demo-single', 'newyorker-demo-dual'],
      offers: null,
    });
  });

  it('holds no scheduled changes: a file has none', () => {
    expect(snapshotOfFile(demoFile(), 1).scheduledChanges.size).toBe(0);
  });

  it('follows a file that differs from the database’s: a campaign added to it is in its snapshot only', async () => {
    const file = demoFile();
    const fromDb = await imported(file);
    const single = file.checkoutFlows.find((flow) => flow.campaignId === 'vogue-demo-single')!;
    const added: CatalogueFile = {
      ...file,
      checkoutFlows: [
        ...file.checkoutFlows,
        { ...single, campaignId: 'vogue-winter', urlSlug: 'winter', headline: 'Vogue for the winter' },
      ],
    };
    const snapshot = snapshotOfFile(added, fromDb.version);
    expect(snapshot.flowsByPath.get('vogue/winter')).toMatchObject({
      campaignId: 'vogue-winter',
      data: { pageData: { headline: 'Vogue for the winter', plans: [expect.objectContaining({ id: '1001' })] } },
    });
    expect(fromDb.flowsByPath.has('vogue/winter')).toBe(false);
  });
});
