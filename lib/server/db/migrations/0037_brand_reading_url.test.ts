import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0037_brand_reading_url';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const brandColumns = async () =>
  (await db.introspection.getTables()).find((table) => table.name === 'brands')!.columns.map((column) => column.name);

describe('0037_brand_reading_url', () => {
  it('gives every demo brand its reading URL, and exports it as imported', async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    const repo = new CatalogueRepository(db);
    const snapshot = await repo.loadSnapshot();
    expect(snapshot.brands.get('vogue')?.readingUrl).toBe('https://www.vogue.com/');
    expect([...snapshot.brands.values()].every((brand) => brand.readingUrl?.startsWith('https://'))).toBe(true);
    const exported = await repo.exportAll();
    expect(exported.brands.find((brand) => brand.slug === 'newyorker')?.readingUrl).toBe('https://www.newyorker.com/');
    expect(await importCatalogueJson(db, JSON.stringify(exported))).toMatchObject({ ok: true, version: 2 });
    expect(await repo.exportAll()).toEqual(exported);
  });

  it('exports a brand without one as null, and imports that back', async () => {
    const file = JSON.parse(readDemoCatalogue());
    delete file.brands[0].readingUrl;
    expect(await importCatalogueJson(db, JSON.stringify(file))).toMatchObject({ ok: true });
    const repo = new CatalogueRepository(db);
    const exported = await repo.exportAll();
    expect(exported.brands.find((brand) => brand.slug === 'vogue')?.readingUrl).toBeNull();
    expect((await repo.loadSnapshot()).brands.get('vogue')?.readingUrl).toBeNull();
    expect(await importCatalogueJson(db, JSON.stringify(exported))).toMatchObject({ ok: true });
  });

  it('keeps a catalogue imported before it: its brands have no reading URL', async () => {
    await down(db as Kysely<unknown>);
    expect(await brandColumns()).not.toContain('reading_url');
    // A brand as it was written before the column.
    const identity = JSON.parse(readDemoCatalogue()).brands[0].identity;
    await db
      .insertInto('brands')
      .values({ slug: 'vogue', name: 'Vogue', identity_json: JSON.stringify(identity), default_campaign: null } as never)
      .execute();
    await up(db as Kysely<unknown>);
    expect(await brandColumns()).toContain('reading_url');
    const row = await db.selectFrom('brands').selectAll().where('slug', '=', 'vogue').executeTakeFirstOrThrow();
    expect(row.reading_url).toBeNull();
  });
});
