import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0036_offer_badge_image';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const offerColumns = async () =>
  (await db.introspection.getTables()).find((table) => table.name === 'offers')!.columns.map((column) => column.name);

describe('0036_offer_badge_image', () => {
  it('keeps a catalogue imported before it: its offers show no badge and no image', async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    await down(db as Kysely<unknown>);
    await up(db as Kysely<unknown>);
    const snapshot = await new CatalogueRepository(db).loadSnapshot();
    const [plan] = snapshot.flowsByPath.get('vogue/demo-single')!.data.pageData.plans;
    expect(plan).toMatchObject({ id: '1001', totalAmount: 5000, discountedAmount: 2500, savingBadge: null, image: null });
  });

  it('down drops the two columns and up adds them again', async () => {
    await down(db as Kysely<unknown>);
    expect(await offerColumns()).not.toContain('saving_badge');
    expect(await offerColumns()).not.toContain('image_json');
    await up(db as Kysely<unknown>);
    expect(await offerColumns()).toEqual(expect.arrayContaining(['saving_badge', 'image_json']));
  });
});
