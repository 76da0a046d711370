import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0034_campaign_dates';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

describe('0034_campaign_dates', () => {
  it('keeps a catalogue imported before it: no dates (always on sale), no default campaign', async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    await down(db as Kysely<unknown>);
    await up(db as Kysely<unknown>);
    const snapshot = await new CatalogueRepository(db).loadSnapshot();
    expect(snapshot.brands.get('vogue')?.defaultCampaign).toBeNull();
    expect(snapshot.flowsByPath.get('vogue/demo-ended')).toMatchObject({ startsAt: null, endsAt: null });
    expect(snapshot.flowsByPath.get('vogue/demo-single')?.data.pageData.plans.map((plan) => plan.id)).toEqual(['1001']);
  });

  it('down drops the three columns', async () => {
    await down(db as Kysely<unknown>);
    const brandColumns = await db.introspection.getTables().then((tables) => tables.find((t) => t.name === 'brands')!.columns);
    const flowColumns = await db.introspection.getTables().then((tables) => tables.find((t) => t.name === 'checkout_flows')!.columns);
    expect(brandColumns.map((c) => c.name)).not.toContain('default_campaign');
    expect(flowColumns.map((c) => c.name)).not.toContain('starts_at');
    expect(flowColumns.map((c) => c.name)).not.toContain('ends_at');
    await up(db as Kysely<unknown>);
  });
});
