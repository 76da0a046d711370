import { describe, expect, it } from 'vitest';
import { newPlan } from '@/tests/fixtures/draftForm';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import { EXPERIMENT_ID, type Experiment } from '@/lib/experiments/experiment';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { CampaignVersions, type CampaignVersion } from '@/lib/server/campaigns/CampaignVersions';

/**
 * The studio's A/B tests through the routes a marketer's browser calls (Next's own API
 * resolver, the demo catalogue): a variant saved as a version, the test started on the
 * published version, paused, resumed and stopped keeping a variant, which is then published.
 */
await serveRoutesWithServerContext(
  { PAYMENTS_SANDBOX: '1' },
  [
    [/^\/api\/operator\/campaigns\/(?<campaignId>[^/]+)\/versions$/, () => import('@/pages/api/operator/campaigns/[campaignId]/versions')],
    [/^\/api\/operator\/campaigns\/(?<campaignId>[^/]+)\/publish$/, () => import('@/pages/api/operator/campaigns/[campaignId]/publish')],
    [/^\/api\/operator\/campaigns\/(?<campaignId>[^/]+)\/schedule$/, () => import('@/pages/api/operator/campaigns/[campaignId]/schedule')],
    [
      /^\/api\/operator\/campaigns\/(?<campaignId>[^/]+)\/experiments$/,
      () => import('@/pages/api/operator/campaigns/[campaignId]/experiments'),
    ],
    [/^\/api\/operator\/experiments\/(?<experimentId>[^/]+)$/, () => import('@/pages/api/operator/experiments/[experimentId]')],
  ],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

type Refusal = { error: { code: string; message: string; details?: string[] } };

const post = (path: string, cookie: string, body: unknown) => operatorFetch(origin, 'POST', path, { cookie, body });
const marketer = async () => (await signedInOperator(await appDb(), 'marketer')).cookie;
const refusalOf = async (response: Response) => ((await response.json()) as Refusal).error;
const versionsOf = async (campaignId: string) => new CampaignVersions(await appDb()).list(campaignId);
const start = (cookie: string, campaignId: string, body: unknown) =>
  post(`/api/operator/campaigns/${campaignId}/experiments`, cookie, body);
const act = (cookie: string, experimentId: string, body: unknown) => post(`/api/operator/experiments/${experimentId}`, cookie, body);

/** The campaign's version that visitors see now. */
async function publishedOf(campaignId: string): Promise<CampaignVersion> {
  const published = (await versionsOf(campaignId)).find((version) => version.publishedAt !== null);
  if (!published) throw new Error(`${campaignId} has no published version`);
  return published;
}

/** Saves `from`'s content, changed, as the campaign's next version (a draft) through the studio's route; its number. */
async function saveVariant(cookie: string, from: CampaignVersion, change: (draft: DraftInput) => void): Promise<number> {
  const [latest] = await versionsOf(from.campaignId);
  const draft = structuredClone(from.content) as unknown as DraftInput;
  change(draft);
  const saved = await post(`/api/operator/campaigns/${from.campaignId}/versions`, cookie, { baseVersion: latest!.version, draft });
  expect(saved.status, JSON.stringify(await saved.clone().json())).toBe(200);
  return ((await saved.json()) as { version: number }).version;
}

/** What a start, pause, resume or stop writes: a refusal must leave it as it was. */
async function written() {
  const db = await appDb();
  const [experiments, variants, audit, versions, catalogue] = await Promise.all([
    db.selectFrom('experiments').selectAll().orderBy('id').execute(),
    db.selectFrom('experiment_variants').select(['experiment_id', 'key']).execute(),
    db.selectFrom('audit_log').select('seq').where('action', 'like', 'experiment.%').execute(),
    db.selectFrom('campaign_versions').select(['campaign_id', 'version', 'published_at']).execute(),
    new CatalogueRepository(db).version(),
  ]);
  return { experiments, variants: variants.length, audit: audit.length, versions, catalogue };
}

describe('an A/B test of a campaign, through the studio’s routes', () => {
  it('tries a new price on a plan of its own against the published version, then keeps it: published as the newest version', async () => {
    const { operator, cookie } = await signedInOperator(await appDb(), 'marketer');
    const control = await publishedOf('vogue-demo-single');

    // A variant that changes the first year's price of the offer the catalogue sells, under its id: refused.
    const repriced = await saveVariant(cookie, control, (draft) => {
      draft.offers[0] = { ...draft.offers[0], discountedAmount: 1900 };
    });
    const before = await written();
    const refused = await start(cookie, 'vogue-demo-single', {
      name: 'Vogue at $19',
      variants: [
        { version: control.version, weight: 50 },
        { version: repriced, weight: 50 },
      ],
    });
    expect(refused.status).toBe(400);
    const problem = await refusalOf(refused);
    expect(problem.code).toBe('invalid_experiment');
    expect(problem.details).toEqual([
      expect.stringMatching(/^variants\.1\.version: changes discountedAmount of offer 1001 .*a plan of its own$/),
    ]);
    expect(await written()).toEqual(before);

    // The same price on a plan of its own (a new offer) may be tried.
    const ownPlan = await saveVariant(cookie, control, (draft) => {
      draft.offers = [newPlan(1, 'Vogue Digital at $19', { totalAmount: 5000, discountedAmount: 1900 })];
      draft.flow = { ...draft.flow, plans: ['new-1'], headline: 'Vogue, $19 for a year' };
    });
    const started = await start(cookie, 'vogue-demo-single', {
      name: 'Vogue at $19',
      variants: [
        { version: control.version, weight: 50 },
        { version: ownPlan, weight: 50 },
      ],
    });
    expect(started.status).toBe(201);
    expect(started.headers.get('cache-control')).toBe('no-store');
    const experiment = (await started.json()) as Experiment;
    expect(experiment).toMatchObject({
      campaignId: 'vogue-demo-single',
      name: 'Vogue at $19',
      status: 'running',
      pausedAt: null,
      stoppedAt: null,
      winnerKey: null,
      winnerVersion: null,
      variants: [
        { key: 'A', version: control.version, weight: 50 },
        { key: 'B', version: ownPlan, weight: 50 },
      ],
    });
    expect(experiment.id).toMatch(EXPERIMENT_ID);
    const db = await appDb();
    const [entry] = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'experiment.started')
      .where('target', '=', 'campaign:vogue-demo-single')
      .execute();
    expect(entry).toMatchObject({ operator_id: operator.id, actor: `operator:${operator.email}` });
    expect(JSON.parse(entry!.after_json!)).toEqual({ id: experiment.id, name: 'Vogue at $19', variants: experiment.variants });
    const listed = await operatorFetch(origin, 'GET', '/api/operator/campaigns/vogue-demo-single/experiments', { cookie });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ experiments: [experiment] });

    // While it runs: no second one, and the campaign is neither published nor scheduled.
    const during = await written();
    const second = await start(cookie, 'vogue-demo-single', {
      name: 'Another',
      variants: [
        { version: control.version, weight: 50 },
        { version: ownPlan, weight: 50 },
      ],
    });
    expect(second.status).toBe(409);
    expect((await refusalOf(second)).code).toBe('experiment_running');
    const publish = await post('/api/operator/campaigns/vogue-demo-single/publish', cookie, { version: ownPlan });
    expect(publish.status).toBe(409);
    expect(await refusalOf(publish)).toMatchObject({ code: 'experiment_running', message: expect.stringContaining('Vogue at $19') });
    const schedule = await post('/api/operator/campaigns/vogue-demo-single/schedule', cookie, {
      version: ownPlan,
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
      timeZone: 'Europe/Berlin',
    });
    expect(schedule.status).toBe(409);
    expect((await refusalOf(schedule)).code).toBe('experiment_running');
    expect(await written()).toEqual(during);

    // Paused and resumed, each once: a second time says it already is.
    const paused = await act(cookie, experiment.id, { action: 'pause' });
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({ status: 'paused', pausedAt: expect.any(String) });
    const pausedAgain = await act(cookie, experiment.id, { action: 'pause' });
    expect(pausedAgain.status).toBe(409);
    expect((await refusalOf(pausedAgain)).code).toBe('experiment_paused');
    // Paused is not stopped: the campaign still waits.
    expect((await post('/api/operator/campaigns/vogue-demo-single/publish', cookie, { version: ownPlan })).status).toBe(409);
    const resumed = await act(cookie, experiment.id, { action: 'resume' });
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ status: 'running', pausedAt: null });
    const resumedAgain = await act(cookie, experiment.id, { action: 'resume' });
    expect(resumedAgain.status).toBe(409);
    expect((await refusalOf(resumedAgain)).code).toBe('experiment_running');
    const moves = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', 'campaign:vogue-demo-single')
      .where('action', 'in', ['experiment.paused', 'experiment.resumed'])
      .orderBy('seq')
      .execute();
    expect(moves.map((move) => move.action)).toEqual(['experiment.paused', 'experiment.resumed']);

    // Stopped keeping B: B's content is saved again as the newest version, and published.
    const kept = (await versionsOf('vogue-demo-single')).find((version) => version.version === ownPlan)!;
    const stopped = await act(cookie, experiment.id, { action: 'stop', winner: 'B' });
    expect(stopped.status).toBe(200);
    const answer = (await stopped.json()) as Experiment;
    const [newest] = await versionsOf('vogue-demo-single');
    expect(newest!.version).toBe(ownPlan + 1);
    expect(newest!.publishedAt).not.toBeNull();
    expect(newest!.content).toEqual(kept.content);
    expect(answer).toMatchObject({ status: 'stopped', stoppedAt: expect.any(String), winnerKey: 'B', winnerVersion: newest!.version });
    const flow = (await new CatalogueRepository(db).exportAll()).checkoutFlows.find((one) => one.campaignId === 'vogue-demo-single');
    expect(flow).toMatchObject({ headline: 'Vogue, $19 for a year', plans: kept.content.flow.plans });
    const [stopEntry] = await db.selectFrom('audit_log').selectAll().where('action', '=', 'experiment.stopped').execute();
    expect(JSON.parse(stopEntry!.after_json!)).toEqual({
      id: experiment.id,
      winner: 'B',
      fromVersion: ownPlan,
      publishedVersion: newest!.version,
      control: false,
    });

    // Stopped is the end: nothing more is done to it.
    const after = await written();
    for (const body of [{ action: 'pause' }, { action: 'resume' }, { action: 'stop', winner: 'A' }]) {
      const late = await act(cookie, experiment.id, body);
      expect(late.status, JSON.stringify(body)).toBe(409);
      expect((await refusalOf(late)).code).toBe('experiment_stopped');
    }
    expect(await written()).toEqual(after);
  });

  it('refuses weights not adding up to 100, a control other than the published version, and a variant not saved, each at its field, writing nothing', async () => {
    const cookie = await marketer();
    const control = await publishedOf('gq-demo-gbp');
    const variant = await saveVariant(cookie, control, (draft) => {
      draft.flow = { ...draft.flow, headline: 'GQ, for less' };
    });
    const later = await saveVariant(cookie, control, (draft) => {
      draft.flow = { ...draft.flow, endsAt: '2099-01-01T00:00:00.000Z' };
    });
    const before = await written();
    const refusedWith = async (variants: { version: number; weight: number }[]) => {
      const answer = await start(cookie, 'gq-demo-gbp', { name: 'Headline', variants });
      expect(answer.status, JSON.stringify(variants)).toBe(400);
      const problem = await refusalOf(answer);
      expect(problem.code).toBe('invalid_experiment');
      return problem.details;
    };

    expect(
      await refusedWith([
        { version: control.version, weight: 60 },
        { version: variant, weight: 30 },
      ]),
    ).toEqual(['variants: The weights add up to 90%; they must add up to 100%.']);
    expect(
      await refusedWith([
        { version: variant, weight: 50 },
        { version: control.version, weight: 50 },
      ]),
    ).toContain(`variants.0.version: must be the published version ${control.version}: the control is what visitors see now`);
    expect(
      await refusedWith([
        { version: control.version, weight: 50 },
        { version: 99, weight: 50 },
      ]),
    ).toEqual(['variants.1.version: is not a version of gq-demo-gbp']);
    expect(
      await refusedWith([
        { version: control.version, weight: 50 },
        { version: control.version, weight: 50 },
      ]),
    ).toEqual([expect.stringMatching(/^variants\.1\.version: shows version \d+ again/)]);
    // A variant sold on other dates would sell after the campaign has ended, or 404 its visitors.
    expect(
      await refusedWith([
        { version: control.version, weight: 50 },
        { version: later, weight: 50 },
      ]),
    ).toEqual(['variants.1.version: is sold on other dates than the published version: every variant is sold while the campaign is']);

    // Bodies that are not {name, variants}: refused before the campaign is read.
    for (const body of [
      {},
      { name: '', variants: [{ version: control.version, weight: 100 }] },
      { name: 'One', variants: [{ version: control.version, weight: 100 }] },
      // Beyond what a database integer holds: refused here, never a database error.
      {
        name: 'Huge',
        variants: [
          { version: control.version, weight: 50 },
          { version: 2 ** 31, weight: 50 },
        ],
      },
      {
        name: 'Zero',
        variants: [
          { version: control.version, weight: 100 },
          { version: variant, weight: 0 },
        ],
      },
      {
        name: 'Half',
        variants: [
          { version: control.version, weight: 49.5 },
          { version: variant, weight: 50.5 },
        ],
      },
      { name: 'Five', variants: [1, 2, 3, 4, 5].map((version) => ({ version, weight: 20 })) },
      {
        name: 'x'.repeat(121),
        variants: [
          { version: control.version, weight: 50 },
          { version: variant, weight: 50 },
        ],
      },
      {
        name: 'Extra',
        variants: [
          { version: control.version, weight: 50 },
          { version: variant, weight: 50 },
        ],
        winner: 'A',
      },
    ]) {
      const answer = await start(cookie, 'gq-demo-gbp', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((await refusalOf(answer)).code).toBe('invalid_body');
    }
    const nowhere = await start(cookie, 'no-such-campaign', {
      name: 'Nowhere',
      variants: [
        { version: 1, weight: 50 },
        { version: 2, weight: 50 },
      ],
    });
    expect(nowhere.status).toBe(404);
    expect((await start(cookie, 'not a campaign!', { name: 'Bad', variants: [] })).status).toBe(400);
    expect(await written()).toEqual(before);
  });

  it('refuses a malformed or unknown experiment, an action it does not know, a winner it does not have, care and the signed out, writing nothing', async () => {
    const cookie = await marketer();
    const control = await publishedOf('wired-demo-trial');
    const variant = await saveVariant(cookie, control, (draft) => {
      draft.flow = { ...draft.flow, headline: 'Wired, free for a month' };
    });
    const started = await start(cookie, 'wired-demo-trial', {
      name: 'Trial headline',
      variants: [
        { version: control.version, weight: 70 },
        { version: variant, weight: 30 },
      ],
    });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as Experiment;
    const before = await written();

    const malformed = await act(cookie, 'exp_nothex', { action: 'pause' });
    expect(malformed.status).toBe(400);
    expect((await refusalOf(malformed)).code).toBe('invalid_query');
    const unknown = await act(cookie, 'exp_0123456789abcdef', { action: 'pause' });
    expect(unknown.status).toBe(404);
    expect((await refusalOf(unknown)).code).toBe('experiment_not_found');
    for (const body of [{}, { action: 'restart' }, { action: 'stop' }, { action: 'stop', winner: 'E' }, { action: 'pause', winner: 'A' }]) {
      const answer = await act(cookie, id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((await refusalOf(answer)).code).toBe('invalid_body');
    }
    // C is a variant key, but not one of this experiment's two.
    const noSuchVariant = await act(cookie, id, { action: 'stop', winner: 'C' });
    expect(noSuchVariant.status).toBe(400);
    expect(await refusalOf(noSuchVariant)).toMatchObject({
      code: 'invalid_experiment',
      details: ["winner: must be one of the experiment's variants (A, B)"],
    });
    expect((await operatorFetch(origin, 'GET', `/api/operator/experiments/${id}`, { cookie })).status).toBe(405);

    // Customer care's role does not open the studio; nobody signed out is let in.
    const care = (await signedInOperator(await appDb(), 'care')).cookie;
    expect((await act(care, id, { action: 'pause' })).status).toBe(403);
    expect((await act(care, id, { action: 'stop', winner: 'B' })).status).toBe(403);
    expect(
      (
        await start(care, 'wired-demo-trial', {
          name: 'Care’s',
          variants: [
            { version: control.version, weight: 50 },
            { version: variant, weight: 50 },
          ],
        })
      ).status,
    ).toBe(403);
    expect((await operatorFetch(origin, 'GET', '/api/operator/campaigns/wired-demo-trial/experiments', { cookie: care })).status).toBe(403);
    expect((await operatorFetch(origin, 'POST', `/api/operator/experiments/${id}`, { body: { action: 'pause' } })).status).toBe(401);
    expect((await operatorFetch(origin, 'GET', '/api/operator/campaigns/wired-demo-trial/experiments')).status).toBe(401);
    expect(await written()).toEqual(before);
  });
});
