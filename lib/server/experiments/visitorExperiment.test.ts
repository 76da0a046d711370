import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPlan } from '@/tests/fixtures/draftForm';
import { operatorCaller } from '@/tests/fixtures/operatorSessions';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import { assignVariant } from '@/lib/experiments/assignment';
import { VISITOR_COOKIE, type Experiment } from '@/lib/experiments/experiment';
import { CONSENT_COOKIE } from '@/lib/tracking/consent/consentStore';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { CampaignVersions } from '@/lib/server/campaigns/CampaignVersions';
import { saveCampaignDraft } from '@/lib/server/campaigns/campaignStudio';
import { serverContext } from '@/lib/server/context/serverContext';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { setExperimentPaused, startExperiment, stopExperiment } from './experimentStudio';
import { visitorExperiment, type ExperimentRequest } from './visitorExperiment';

/**
 * Who is shown which variant (issue 41), on the process's server context and the demo
 * catalogue: an experiment on vogue-demo-single between its published version (A, offer 1001
 * at $25 the first year) and a saved version selling a new plan at $30 (B). The tests run in
 * order: the experiment is started once, paused and resumed, and stopped last.
 */

const CAMPAIGN = 'vogue-demo-single';
const PATH = 'vogue/demo-single';
const CONSENTED = 'v1:C0001,C0002';

let caller: OperatorCaller;
let experiment: Experiment;
let published: number;

/** A fixed visitor id per number: 22 base64url characters, as the browser's cookie holds one. */
const visitorId = (n: number) => createHash('sha256').update(`visitor ${n}`).digest('base64url').slice(0, 22);
/** The first fixed visitor the experiment's hash puts in `variant`, after `from`. */
function visitorIn(variant: string, from = 0): string {
  const weighted = experiment.variants.map((candidate) => ({ id: candidate.key, weight: candidate.weight }));
  for (let n = from; ; n += 1) if (assignVariant(visitorId(n), experiment.id, weighted) === variant) return visitorId(n);
}

async function shown(cookies: ExperimentRequest['cookies'], enrol = true, oneTrust = false) {
  const server = await serverContext();
  const base = await server.catalogue.get();
  const config = oneTrust ? { ...server.config, ONETRUST_CONSENT_ID: '0190aaaa-0000-7000-8000-000000000000' } : server.config;
  return visitorExperiment({ ...server, config }, base, base.flowsByPath.get(PATH)!, {
    cookies,
    livemode: false,
    source: 'newsletter',
    enrol,
  });
}

async function enrolments() {
  const { db } = await serverContext();
  return db.selectFrom('experiment_visitors').selectAll().orderBy('enrolled_at').execute();
}

beforeAll(async () => {
  const server = await serverContext();
  const imported = await importCatalogueJson(server.db, readDemoCatalogue());
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  server.catalogue.invalidate();
  caller = await operatorCaller(server.db, 'marketer');
  const [current] = await new CampaignVersions(server.db).list(CAMPAIGN);
  published = current!.version;
  // B tries a price: a plan of its own, since offer 1001 renews at its catalogue price.
  const draft = structuredClone(current!.content) as unknown as DraftInput;
  draft.flow.headline = 'Vogue, tried at another price';
  draft.offers = [...draft.offers, newPlan(1, 'Vogue Digital Intro', { totalAmount: 3000 })];
  draft.flow.plans = ['new-1'];
  const saved = await saveCampaignDraft(server, caller, CAMPAIGN, { baseVersion: published, draft });
  experiment = await startExperiment(server, caller, CAMPAIGN, {
    name: 'Intro price',
    variants: [
      { version: published, weight: 50 },
      { version: saved.version, weight: 50 },
    ],
  });
});

describe('visitorExperiment', () => {
  it('shows nothing to a visitor without a visitor id, and reads and writes nothing for them', async () => {
    expect(await shown({})).toBeNull();
    expect(await shown({ [CONSENT_COOKIE]: CONSENTED })).toBeNull();
    expect(await shown({ [VISITOR_COOKIE]: 'not-an-id', [CONSENT_COOKIE]: CONSENTED })).toBeNull();
    expect(await enrolments()).toEqual([]);
  });

  it('shows nothing to a visitor whose built-in record refuses analytics, a pj_vid left behind or not', async () => {
    for (const consent of ['v1:C0001', 'v1:C0001,C0003,C0004', 'unreadable'])
      expect(await shown({ [VISITOR_COOKIE]: visitorId(1), [CONSENT_COOKIE]: consent }), consent).toBeNull();
    expect(await enrolments()).toEqual([]);
  });

  it('enrols only where asked (the offer page), in the variant the hash gives, once', async () => {
    const visitor = visitorIn('B');
    const cookies = { [VISITOR_COOKIE]: visitor, [CONSENT_COOKIE]: CONSENTED };
    // A later step, before the offer page: not enrolled, the published campaign.
    expect(await shown(cookies, false)).toBeNull();
    expect(await enrolments()).toEqual([]);

    expect((await shown(cookies))?.mark).toEqual({ id: experiment.id, variant: 'B' });
    expect(await enrolments()).toEqual([
      {
        experiment_id: experiment.id,
        visitor_id: visitor,
        variant_key: 'B',
        livemode: 0,
        source: 'newsletter',
        enrolled_at: expect.any(String),
      },
    ]);
    // With the built-in banner, an id without its record (lapsed, or never made) enrols nobody.
    expect(await shown({ [VISITOR_COOKIE]: visitorIn('A') })).toBeNull();
    expect(await enrolments()).toHaveLength(1);
    // A OneTrust deployment reads OneTrust's record: an id alone, or its region's defaults, enrol nobody.
    const oneTrust = (groups: string, answered: boolean) => ({
      [VISITOR_COOKIE]: visitorIn('A'),
      OptanonConsent: encodeURIComponent(`isGpcEnabled=0&groups=${groups}`),
      ...(answered ? { OptanonAlertBoxClosed: '2026-12-04T10:00:00.000Z' } : {}),
    });
    expect(await shown({ [VISITOR_COOKIE]: visitorIn('A') }, true, true)).toBeNull();
    expect(await shown(oneTrust('C0001:1,C0002:1', false), true, true)).toBeNull();
    expect(await shown(oneTrust('C0001:1,C0002:0', true), true, true)).toBeNull();
    expect((await shown(oneTrust('C0001:1,C0002:1', true), true, true))?.mark).toEqual({ id: experiment.id, variant: 'A' });
    expect(await enrolments()).toHaveLength(2);
  });

  it('shows variant B’s version in place of the campaign, marked, and leaves the other campaigns as they are', async () => {
    const server = await serverContext();
    const base = await server.catalogue.get();
    const b = (await shown({ [VISITOR_COOKIE]: visitorIn('B'), [CONSENT_COOKIE]: CONSENTED }))!;
    expect(b.flow).toMatchObject({ campaignId: CAMPAIGN, experiment: { id: experiment.id, variant: 'B' } });
    expect(b.flow.data.pageData.headline).toBe('Vogue, tried at another price');
    expect(b.flow.data.pageData.plans).toEqual([expect.objectContaining({ name: 'Vogue Digital Intro', totalAmount: 3000 })]);
    expect(b.snapshot.flowsByPath.get(PATH)).toBe(b.flow);
    expect(b.snapshot.flowsByPath.get('vogue/demo-fr')?.experiment).toBeUndefined();
    // The catalogue everyone else is shown is untouched.
    expect(base.flowsByPath.get(PATH)!.experiment).toBeUndefined();
    expect(base.flowsByPath.get(PATH)!.data.pageData.plans.map((plan) => plan.id)).toEqual(['1001']);

    const a = (await shown({ [VISITOR_COOKIE]: visitorIn('A'), [CONSENT_COOKIE]: CONSENTED }))!;
    expect(a.flow.experiment).toEqual({ id: experiment.id, variant: 'A' });
    expect({ ...a.flow, experiment: undefined }).toEqual({ ...base.flowsByPath.get(PATH)!, experiment: undefined });
  });

  it('keeps a visitor’s variant on every later call, enrolling or not', async () => {
    for (const variant of ['A', 'B']) {
      const cookies = { [VISITOR_COOKIE]: visitorIn(variant, 100), [CONSENT_COOKIE]: CONSENTED };
      for (const enrol of [true, false, true, false, false]) expect((await shown(cookies, enrol))?.mark.variant).toBe(variant);
    }
    const visitors = await enrolments();
    expect(new Set(visitors.map((row) => row.visitor_id)).size).toBe(visitors.length);
  });

  it('while paused, keeps the enrolled in their variant and enrols nobody new; resumed, enrols again', async () => {
    const server = await serverContext();
    const enrolled = { [VISITOR_COOKIE]: visitorIn('B'), [CONSENT_COOKIE]: CONSENTED };
    const newcomer = { [VISITOR_COOKIE]: visitorIn('B', 200), [CONSENT_COOKIE]: CONSENTED };
    await setExperimentPaused(server, caller, experiment.id, true);
    const before = (await enrolments()).length;
    expect((await shown(enrolled))?.mark.variant).toBe('B');
    expect(await shown(newcomer)).toBeNull();
    expect(await enrolments()).toHaveLength(before);

    await setExperimentPaused(server, caller, experiment.id, false);
    expect((await shown(newcomer))?.mark.variant).toBe('B');
    expect(await enrolments()).toHaveLength(before + 1);
  });

  it('shows nothing on a preview link’s pages', async () => {
    const server = await serverContext();
    const base = await server.catalogue.get();
    const flow = {
      ...base.flowsByPath.get(PATH)!,
      preview: { token: 'T'.repeat(43), version: published, expiresAt: '2099-01-01T00:00:00Z' },
    };
    const cookies = { [VISITOR_COOKIE]: visitorIn('B'), [CONSENT_COOKIE]: CONSENTED };
    expect(await visitorExperiment(server, base, flow, { cookies, livemode: false, source: null, enrol: true })).toBeNull();
  });

  it('shows nothing once stopped: everyone sees the campaign, now the winner', async () => {
    const server = await serverContext();
    await stopExperiment(server, caller, experiment.id, 'B');
    expect(await shown({ [VISITOR_COOKIE]: visitorIn('B'), [CONSENT_COOKIE]: CONSENTED })).toBeNull();
    expect(await shown({ [VISITOR_COOKIE]: visitorIn('A'), [CONSENT_COOKIE]: CONSENTED })).toBeNull();
    expect((await server.catalogue.get()).flowsByPath.get(PATH)!.data.pageData.plans).toEqual([
      expect.objectContaining({ name: 'Vogue Digital Intro', totalAmount: 3000 }),
    ]);
  });
});
