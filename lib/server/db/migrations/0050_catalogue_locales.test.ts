import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0050_catalogue_locales';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

type Untyped = Kysely<Record<string, Record<string, unknown>>>;
const columns = async (table: string) =>
  (await db.introspection.getTables()).find((t) => t.name === table)!.columns.map((column) => column.name);

describe('0050_catalogue_locales', () => {
  it('gives brands from before it "en-US" and their campaigns none of their own, and takes both away again', async () => {
    await down(db as Kysely<unknown>);
    const untyped = db as Kysely<unknown> as Untyped;
    await untyped.insertInto('brands').values({ slug: 'vogue', name: 'Vogue', identity_json: '{}' }).execute();
    await untyped
      .insertInto('checkout_flows')
      .values({ campaign_id: 'c1', brand_slug: 'vogue', url_slug: 'demo', headline: 'H', subheadline: '', enable_pre_auth: 0, position: 0 })
      .execute();
    await up(db as Kysely<unknown>);
    expect(await db.selectFrom('brands').select(['slug', 'locale']).execute()).toEqual([{ slug: 'vogue', locale: 'en-US' }]);
    expect(await db.selectFrom('checkout_flows').select(['campaign_id', 'locale']).execute()).toEqual([
      { campaign_id: 'c1', locale: null },
    ]);
    await down(db as Kysely<unknown>);
    expect(await columns('brands')).not.toContain('locale');
    expect(await columns('checkout_flows')).not.toContain('locale');
  });
});
