import type { Transaction } from 'kysely';
import { variantsProblem } from '@/lib/experiments/assignment';
import { CONTROL_KEY, VARIANT_KEYS, type Experiment, type VariantKey } from '@/lib/experiments/experiment';
import { offerTermsChange } from '@/lib/experiments/offerTerms';
import { checkDraft, type DraftInput, type FieldProblem } from '@/lib/campaigns/campaignDraft';
import type { CampaignContent } from '@/lib/campaigns/campaignContent';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { newSecret } from '@/lib/server/ids';
import { appendAudit } from '@/lib/server/operators/auditLog';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { CatalogueRepository, lockCatalogue } from '@/lib/server/catalogue/CatalogueRepository';
import { CampaignVersions } from '@/lib/server/campaigns/CampaignVersions';
import { publisherOf, publishVersionIn } from '@/lib/server/campaigns/campaignStudio';
import { ExperimentRepository } from './ExperimentRepository';
import { refuseWhileExperimenting } from './experimentGuard';

type Studio = Pick<ServerContext, 'db' | 'clock' | 'catalogue'>;

export interface ExperimentInput {
  name: string;
  /** In order: the first is the control, which must be the campaign's published version. */
  variants: { version: number; weight: number }[];
}

const refused = (problems: FieldProblem[]) =>
  new HttpError(
    400,
    'invalid_experiment',
    problems.length === 1
      ? 'The experiment has a problem: see the field it names.'
      : `The experiment has ${problems.length} problems: see the fields they name.`,
    problems.map((problem) => `${problem.field}: ${problem.message}`),
  );

const newExperimentId = () => `exp_${Buffer.from(newSecret(), 'base64url').subarray(0, 8).toString('hex')}`;

/** Why each variant cannot be shown in the catalogue as it is now; [] when all can. */
async function variantProblems(
  trx: Transaction<Database>,
  campaignId: string,
  input: ExperimentInput,
  published: CampaignContent,
  publishedVersion: number,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const weights = variantsProblem(input.variants.map((variant, index) => ({ id: String(index), weight: variant.weight })));
  if (weights) problems.push({ field: 'variants', message: weights });
  if (input.variants[0] && input.variants[0].version !== publishedVersion)
    problems.push({
      field: 'variants.0.version',
      message: `must be the published version ${publishedVersion}: the control is what visitors see now`,
    });
  const seen = new Set<number>();
  const versions = new CampaignVersions(trx);
  const file = await new CatalogueRepository(trx).exportAll();
  for (const [index, variant] of input.variants.entries()) {
    const field = `variants.${index}.version`;
    if (seen.has(variant.version)) {
      problems.push({ field, message: `shows version ${variant.version} again: each variant is another version` });
      continue;
    }
    seen.add(variant.version);
    if (index === 0) continue;
    const saved = await versions.find(campaignId, variant.version);
    if (!saved) {
      problems.push({ field, message: `is not a version of ${campaignId}` });
      continue;
    }
    const { brand, urlSlug, startsAt, endsAt } = saved.content.flow;
    if ((startsAt ?? null) !== (published.flow.startsAt ?? null) || (endsAt ?? null) !== (published.flow.endsAt ?? null))
      problems.push({ field, message: 'is sold on other dates than the published version: every variant is sold while the campaign is' });
    if (brand !== published.flow.brand || urlSlug !== published.flow.urlSlug)
      problems.push({
        field,
        message: `has another address (/${brand}/${urlSlug}): every variant is shown at /${published.flow.brand}/${published.flow.urlSlug}`,
      });
    // Placed in the catalogue read once for every variant, as a save places it.
    const checked = checkDraft(file, campaignId, saved.content as unknown as DraftInput);
    if (!checked.ok)
      problems.push({
        field,
        message: `no longer fits the catalogue (${checked.problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')})`,
      });
    for (const change of offerTermsChange(file.offers, saved.content.offers)) problems.push({ field, message: change });
  }
  return problems;
}

/**
 * Starts an experiment on a campaign: its published version as the control (A) and 2 to 4
 * variants in all, each a saved version with a whole-percent weight. Checked with the
 * catalogue held: no other experiment running or paused on it, no publication scheduled,
 * every variant shown at the campaign's address and fitting the catalogue, and no variant
 * selling an offer at other terms than the catalogue does (its buyers renew at the
 * catalogue's price). Audited.
 */
export async function startExperiment(
  server: Studio,
  caller: OperatorCaller,
  campaignId: string,
  input: ExperimentInput,
): Promise<Experiment> {
  const at = server.clock();
  const experiment = await server.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, at);
    const all = await new CampaignVersions(trx).list(campaignId);
    const published = all.find((version) => version.publishedAt !== null);
    if (!published) throw new HttpError(404, 'campaign_not_found', `${campaignId} has no published version to test against.`);
    await refuseWhileExperimenting(trx, campaignId);
    const scheduled = await trx.selectFrom('campaign_schedules').select('version').where('campaign_id', '=', campaignId).executeTakeFirst();
    if (scheduled)
      throw new HttpError(
        409,
        'publication_scheduled',
        `Version ${scheduled.version} is scheduled to be published: call the schedule off before testing.`,
      );
    const problems = await variantProblems(trx, campaignId, input, published.content, published.version);
    if (problems.length) throw refused(problems);
    const made: Experiment = {
      id: newExperimentId(),
      campaignId,
      name: input.name,
      status: 'running',
      startedAt: at.toISOString(),
      pausedAt: null,
      stoppedAt: null,
      winnerKey: null,
      winnerVersion: null,
      variants: input.variants.map((variant, index) => ({ key: VARIANT_KEYS[index]!, version: variant.version, weight: variant.weight })),
    };
    await new ExperimentRepository(trx).insert(made, caller.operator.id);
    await appendAudit(
      trx,
      caller.actor,
      { action: 'experiment.started', target: `campaign:${campaignId}`, after: { id: made.id, name: made.name, variants: made.variants } },
      at,
    );
    return made;
  });
  // This process's pages see it at once; the others within the catalogue's TTL.
  server.catalogue.invalidate();
  return experiment;
}

async function liveExperiment(trx: Transaction<Database>, id: string): Promise<Experiment> {
  const experiment = await new ExperimentRepository(trx).find(id);
  if (!experiment) throw new HttpError(404, 'experiment_not_found', `No experiment has the id ${id}.`);
  if (experiment.status === 'stopped')
    throw new HttpError(409, 'experiment_stopped', `The experiment "${experiment.name}" was stopped at ${experiment.stoppedAt}.`);
  return experiment;
}

/**
 * Pauses or resumes an experiment. Paused, it enrols nobody new (new visitors see the
 * control), while those enrolled keep their variant to the end of their journey. Audited.
 */
export async function setExperimentPaused(server: Studio, caller: OperatorCaller, id: string, paused: boolean): Promise<Experiment> {
  const at = server.clock();
  return server.db.transaction().execute(async (trx) => {
    const experiment = await liveExperiment(trx, id);
    const [from, to] = paused ? (['running', 'paused'] as const) : (['paused', 'running'] as const);
    if (experiment.status !== from)
      throw new HttpError(409, `experiment_${experiment.status}`, `The experiment "${experiment.name}" is already ${experiment.status}.`);
    const repository = new ExperimentRepository(trx);
    if (!(await repository.move(id, from, { status: to, paused_at: paused ? at.toISOString() : null })))
      throw new HttpError(409, 'experiment_changed', 'The experiment was changed meanwhile: reload to see it.');
    await appendAudit(
      trx,
      caller.actor,
      { action: paused ? 'experiment.paused' : 'experiment.resumed', target: `campaign:${experiment.campaignId}`, after: { id } },
      at,
    );
    return (await repository.find(id))!;
  });
}

/**
 * Stops an experiment and keeps the chosen variant as the campaign. A variant other than the
 * control is saved again as the campaign's newest version and published, with the catalogue
 * held and every publish check made, so the winner is a new version in the history and the
 * audit log; the control, already published, stays as it is. Nobody is enrolled after; the
 * orders made in it keep their variant.
 */
export async function stopExperiment(server: Studio, caller: OperatorCaller, id: string, winner: VariantKey): Promise<Experiment> {
  const at = server.clock();
  const stopped = await server.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, at);
    const experiment = await liveExperiment(trx, id);
    const chosen = experiment.variants.find((variant) => variant.key === winner);
    if (!chosen)
      throw refused([
        {
          field: 'winner',
          message: `must be one of the experiment's variants (${experiment.variants.map((variant) => variant.key).join(', ')})`,
        },
      ]);
    const keepsControl = winner === CONTROL_KEY;
    const repository = new ExperimentRepository(trx);
    const publisher = publisherOf(caller);
    // The control is the published version: kept as it is, so that a coupon ended or a price
    // changed since can never leave an experiment that cannot be stopped.
    let kept = chosen.version;
    if (!keepsControl) {
      const versions = new CampaignVersions(trx);
      const [content, latest] = await Promise.all([
        versions.find(experiment.campaignId, chosen.version),
        versions.latest(experiment.campaignId),
      ]);
      const saved = await versions.saveDraft(experiment.campaignId, latest?.version ?? null, content!.content, publisher.author, at);
      if (saved.kind === 'conflict') throw new HttpError(409, 'experiment_changed', 'The campaign was saved meanwhile: try again.');
      kept = saved.version.version;
    }
    const moved = await repository.move(id, experiment.status, {
      status: 'stopped',
      stopped_at: at.toISOString(),
      winner_key: winner,
      winner_version: kept,
    });
    if (!moved) throw new HttpError(409, 'experiment_changed', 'The experiment was changed meanwhile: reload to see it.');
    if (!keepsControl) await publishVersionIn(trx, at, publisher, experiment.campaignId, kept, 'newest');
    await appendAudit(
      trx,
      caller.actor,
      {
        action: 'experiment.stopped',
        target: `campaign:${experiment.campaignId}`,
        after: { id, winner, fromVersion: chosen.version, publishedVersion: kept, control: keepsControl },
      },
      at,
    );
    return (await repository.find(id))!;
  });
  server.catalogue.invalidate();
  return stopped;
}
