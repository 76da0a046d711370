import { assignVariant } from '@/lib/experiments/assignment';
import { offerTermsChange } from '@/lib/experiments/offerTerms';
import { CONTROL_KEY, enrollableVisitor, VISITOR_COOKIE, type Experiment, type ExperimentMark } from '@/lib/experiments/experiment';
import type { CheckoutFlow } from '@/lib/catalogue/types';
import { CONSENT_COOKIE, parseStoredConsent } from '@/lib/tracking/consent/consentStore';
import { ONETRUST_ANSWERED_COOKIE, ONETRUST_CONSENT_COOKIE, parseOneTrustConsent } from '@/lib/tracking/consent/oneTrustCookie';
import { CampaignVersions } from '@/lib/server/campaigns/CampaignVersions';
import { versionCatalogue } from '@/lib/server/campaigns/versionCatalogue';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { ExperimentRepository } from './ExperimentRepository';

export interface ExperimentRequest {
  cookies: Partial<Record<string, string>>;
  livemode: boolean;
  source: string | null;
  /** Only the offer page enrols: a visitor who consents later in a journey finishes it as they began it, in the control. */
  enrol: boolean;
}

/** What an enrolled visitor is shown: the catalogue with their variant's version of the campaign, marked. */
export interface VisitorExperiment {
  snapshot: CatalogueSnapshot;
  flow: CheckoutFlow;
  mark: ExperimentMark;
}

/**
 * Each variant's catalogue, made once per catalogue the server holds (a variant is a saved
 * version, which never changes): a busy experiment costs one export per variant and
 * catalogue refresh, not one per page.
 */
const variantCatalogues = new WeakMap<CatalogueSnapshot, Map<string, Promise<CatalogueSnapshot | null>>>();

function marked(snapshot: CatalogueSnapshot, campaignId: string, mark: ExperimentMark): CatalogueSnapshot {
  const flowsByPath = new Map<string, CheckoutFlow>();
  for (const [path, flow] of snapshot.flowsByPath)
    flowsByPath.set(path, flow.campaignId === campaignId ? { ...flow, experiment: mark } : flow);
  return { ...snapshot, flowsByPath };
}

async function variantCatalogue(
  server: Pick<ServerContext, 'db'>,
  base: CatalogueSnapshot,
  experiment: Experiment,
  mark: ExperimentMark,
): Promise<CatalogueSnapshot | null> {
  let cache = variantCatalogues.get(base);
  if (!cache) variantCatalogues.set(base, (cache = new Map()));
  const key = `${experiment.id}:${mark.variant}`;
  let made = cache.get(key);
  if (!made) {
    made = (async () => {
      if (mark.variant === CONTROL_KEY) return marked(base, experiment.campaignId, mark);
      const version = experiment.variants.find((variant) => variant.key === mark.variant)!.version;
      const saved = await new CampaignVersions(server.db).find(experiment.campaignId, version);
      if (!saved) return null;
      const placed = await versionCatalogue(server, experiment.campaignId, saved.content, (flow) => ({ ...flow, experiment: mark }));
      // Checked when it started; a change since (an import, a renewal price) may have made it
      // unfit or priced an offer it sells otherwise. Its visitors then see the control, uncounted.
      const problems = placed.ok ? offerTermsChange(placed.current.offers, saved.content.offers) : placed.problems;
      if (placed.ok && problems.length === 0) return placed.snapshot;
      console.warn(`Experiment ${experiment.id}: variant ${mark.variant} (version ${version}) can no longer be shown`, problems);
      return null;
    })();
    cache.set(key, made);
    made.catch(() => cache.delete(key));
  }
  return made;
}

/**
 * The variant of the campaign's experiment this request is shown, with its catalogue: null
 * for everyone not enrolled (no experiment running or paused, no consent to analytics, or
 * first met elsewhere than the offer page), who see the campaign as published, which is the
 * control. A visitor is enrolled once, on the offer page while the experiment runs, in the
 * variant the hash of their visitor id gives, and keeps it on every step and quote after.
 */
export async function visitorExperiment(
  server: Pick<ServerContext, 'db' | 'clock' | 'config'>,
  base: CatalogueSnapshot,
  flow: CheckoutFlow,
  request: ExperimentRequest,
): Promise<VisitorExperiment | null> {
  if (flow.preview) return null;
  // The record of whichever banner asked: the built-in one's, or OneTrust's (none: not decided).
  const { cookies } = request;
  const consent = server.config.ONETRUST_CONSENT_ID
    ? parseOneTrustConsent(cookies[ONETRUST_CONSENT_COOKIE], cookies[ONETRUST_ANSWERED_COOKIE])
    : parseStoredConsent(cookies[CONSENT_COOKIE]);
  const visitorId = enrollableVisitor(request.cookies[VISITOR_COOKIE], consent);
  // No database read for a visitor who cannot be enrolled: every shared-cached offer page is one.
  if (visitorId === null) return null;
  const repository = new ExperimentRepository(server.db);
  const experiment = await repository.live(flow.campaignId);
  if (!experiment) return null;
  const enrolled = await repository.enrolment(experiment.id, visitorId);
  if (enrolled === null && (!request.enrol || experiment.status !== 'running')) return null;
  const weighted = experiment.variants.map((candidate) => ({ id: candidate.key, weight: candidate.weight }));
  const variant = enrolled ?? (assignVariant(visitorId, experiment.id, weighted) as ExperimentMark['variant']);
  // The variant's pages first: a visitor it cannot be shown to sees the control and is not counted.
  const mark: ExperimentMark = { id: experiment.id, variant };
  const snapshot = await variantCatalogue(server, base, experiment, mark);
  const shown = snapshot?.flowsByPath.get(flowKey(flow.brand_slug, flow.url_slug));
  if (!snapshot || !shown) return null;
  if (enrolled === null) {
    const kept = await repository.enrol({
      experimentId: experiment.id,
      visitorId,
      variant,
      livemode: request.livemode,
      source: request.source,
      at: server.clock(),
    });
    // Another server enrolled them first, in the same variant (the hash is the same everywhere).
    if (kept !== variant) return null;
  }
  return { snapshot, flow: shown, mark };
}
