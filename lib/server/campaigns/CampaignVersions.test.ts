import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { CampaignVersions } from './CampaignVersions';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const demo = () => JSON.parse(readDemoCatalogue()) as { checkoutFlows: { campaignId: string; headline: string }[] };
async function imported(file: unknown): Promise<void> {
  const result = await importCatalogueJson(db, JSON.stringify(file));
  if (!result.ok) throw new Error(result.errors.join('\n'));
}

describe('CampaignVersions', () => {
  it('records a version of each campaign an import changes, with the import, and none of one it leaves as it was', async () => {
    const file = demo();
    await imported(file);
    const versions = new CampaignVersions(db);
    const [first] = await versions.list('vogue-demo-single');
    expect(first).toMatchObject({ campaignId: 'vogue-demo-single', version: 1, author: { kind: 'import', id: null } });
    expect(first!.content.flow.headline).toBe(file.checkoutFlows.find((flow) => flow.campaignId === 'vogue-demo-single')!.headline);

    // The same file again: nothing changed, nothing recorded.
    await imported(file);
    expect(await versions.list('vogue-demo-single')).toHaveLength(1);

    const renamed = {
      ...file,
      checkoutFlows: file.checkoutFlows.map((flow) =>
        flow.campaignId === 'vogue-demo-single' ? { ...flow, headline: 'Vogue, renamed' } : flow,
      ),
    };
    await imported(renamed);
    expect((await versions.list('vogue-demo-single')).map((version) => [version.version, version.content.flow.headline])).toEqual([
      [2, 'Vogue, renamed'],
      [1, first!.content.flow.headline],
    ]);
    // Every other campaign kept its one version.
    expect(await versions.list('gq-demo-de')).toHaveLength(1);
  });

  it('keeps the versions of a campaign an import leaves out, and numbers on when it comes back', async () => {
    const file = demo();
    await imported(file);
    const ended = file.checkoutFlows.find((flow) => flow.campaignId === 'vogue-demo-ended')!;
    await imported({ ...file, checkoutFlows: file.checkoutFlows.filter((flow) => flow !== ended) });
    expect(await new CampaignVersions(db).list('vogue-demo-ended')).toHaveLength(1);
    await imported({
      ...file,
      checkoutFlows: file.checkoutFlows.map((flow) => (flow === ended ? { ...flow, headline: 'Back again' } : flow)),
    });
    expect((await new CampaignVersions(db).list('vogue-demo-ended')).map((version) => version.version)).toEqual([2, 1]);
  });
});
