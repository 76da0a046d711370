import { beforeAll, describe, expect, it } from 'vitest';
import { operatorCaller } from '@/tests/fixtures/operatorSessions';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import type { Experiment } from '@/lib/experiments/experiment';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { CampaignVersions } from '@/lib/server/campaigns/CampaignVersions';
import { publishCampaign, saveCampaignDraft, scheduleCampaign } from '@/lib/server/campaigns/campaignStudio';
import { serverContext } from '@/lib/server/context/serverContext';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { setExperimentPaused, startExperiment, stopExperiment } from './experimentStudio';

/**
 * An experiment's control is the campaign's published version: while one runs or is paused,
 * no other version is published or scheduled (issue 41), on the process's server context
 * and the demo catalogue. The tests run in order.
 */

const CAMPAIGN = 'vogue-demo-single';
const PATH = 'vogue/demo-single';

let caller: OperatorCaller;
let experiment: Experiment;

/** Saves the campaign again with another headline: its newest version. */
async function saveHeadline(headline: string): Promise<number> {
  const server = await serverContext();
  const versions = new CampaignVersions(server.db);
  const [latest] = await versions.list(CAMPAIGN);
  const draft = structuredClone(latest!.content) as unknown as DraftInput;
  draft.flow.headline = headline;
  return (await saveCampaignDraft(server, caller, CAMPAIGN, { baseVersion: latest!.version, draft })).version;
}

const headline = async () => (await (await serverContext()).catalogue.get()).flowsByPath.get(PATH)!.data.pageData.headline;

const refusedWhile = (status: string) => ({
  status: 409,
  code: 'experiment_running',
  message: expect.stringContaining(`The experiment "Headline test" is ${status} on this campaign`),
});

beforeAll(async () => {
  const server = await serverContext();
  const imported = await importCatalogueJson(server.db, readDemoCatalogue());
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  server.catalogue.invalidate();
  caller = await operatorCaller(server.db, 'marketer');
  const [published] = await new CampaignVersions(server.db).list(CAMPAIGN);
  const variant = await saveHeadline('Vogue, the variant');
  experiment = await startExperiment(server, caller, CAMPAIGN, {
    name: 'Headline test',
    variants: [
      { version: published!.version, weight: 50 },
      { version: variant, weight: 50 },
    ],
  });
});

describe('publishing while an experiment runs', () => {
  it('is refused with 409, naming the experiment, and changes nothing', async () => {
    const server = await serverContext();
    const before = await headline();
    const version = await saveHeadline('Vogue, published over the experiment');
    await expect(publishCampaign(server, caller, CAMPAIGN, version)).rejects.toMatchObject(refusedWhile('running'));
    await expect(
      scheduleCampaign(server, caller, CAMPAIGN, { version, publishAt: '2099-01-01T00:00:00Z', timeZone: 'UTC' }),
    ).rejects.toMatchObject(refusedWhile('running'));
    expect(await headline()).toBe(before);
    expect((await new CampaignVersions(server.db).find(CAMPAIGN, version))!.publishedAt).toBeNull();
    expect(await server.db.selectFrom('campaign_schedules').selectAll().execute()).toEqual([]);
  });

  it('is refused while it is paused too: its enrolled visitors still see its variants', async () => {
    const server = await serverContext();
    await setExperimentPaused(server, caller, experiment.id, true);
    const version = await saveHeadline('Vogue, published over the pause');
    await expect(publishCampaign(server, caller, CAMPAIGN, version)).rejects.toMatchObject(refusedWhile('paused'));
    await setExperimentPaused(server, caller, experiment.id, false);
  });

  it('leaves the other campaigns free', async () => {
    const server = await serverContext();
    const [fr] = await new CampaignVersions(server.db).list('vogue-demo-fr');
    const draft = structuredClone(fr!.content) as unknown as DraftInput;
    draft.flow.headline = 'Vogue en français, encore';
    const saved = await saveCampaignDraft(server, caller, 'vogue-demo-fr', { baseVersion: fr!.version, draft });
    await publishCampaign(server, caller, 'vogue-demo-fr', saved.version);
    expect((await server.catalogue.get()).flowsByPath.get('vogue/demo-fr')!.data.pageData.headline).toBe('Vogue en français, encore');
  });

  it('is allowed again once the experiment is stopped', async () => {
    const server = await serverContext();
    await stopExperiment(server, caller, experiment.id, 'B');
    expect(await headline()).toBe('Vogue, the variant');
    const version = await saveHeadline('Vogue, after the experiment');
    await publishCampaign(server, caller, CAMPAIGN, version);
    expect(await headline()).toBe('Vogue, after the experiment');
  });
});

describe('stopping keeping the control', () => {
  it('leaves the published campaign as it is: no version saved, no publish check to fail', async () => {
    const server = await serverContext();
    const versions = new CampaignVersions(server.db);
    const [published] = await versions.list(CAMPAIGN);
    const tried = await saveHeadline('Vogue, tried again');
    const second = await startExperiment(server, caller, CAMPAIGN, {
      name: 'Headline test again',
      variants: [
        { version: published!.version, weight: 50 },
        { version: tried, weight: 50 },
      ],
    });
    const before = await versions.list(CAMPAIGN);
    const stopped = await stopExperiment(server, caller, second.id, 'A');
    expect(stopped).toMatchObject({ status: 'stopped', winnerKey: 'A', winnerVersion: published!.version });
    expect(await versions.list(CAMPAIGN)).toEqual(before);
    expect(await headline()).toBe('Vogue, after the experiment');
    const audit = await server.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'experiment.stopped')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({
      id: second.id,
      winner: 'A',
      publishedVersion: published!.version,
      control: true,
    });
  });
});
