import type { Experiment, VariantKey } from '@/lib/experiments/experiment';
import { call } from './backOfficeApi';

/** What a start sends: the variants in order, the published version (the control, A) first. */
export interface StartExperimentInput {
  name: string;
  variants: { version: number; weight: number }[];
}

const experimentPath = (experimentId: string) => `/api/operator/experiments/${encodeURIComponent(experimentId)}`;
const campaignExperimentsPath = (campaignId: string) => `/api/operator/campaigns/${encodeURIComponent(campaignId)}/experiments`;

/**
 * The studio's A/B test calls (pages/api/operator/campaigns/[campaignId]/experiments.ts,
 * pages/api/operator/experiments/[experimentId].ts). Each rejects with an ApiError whose
 * message can be shown: a refused start's `details` are "field: message", the field a path
 * into the body ("variants.1.version"); 409 `experiment_running` while one runs or is paused.
 */
export const experimentsApi = {
  /** The campaign's experiments, the newest first. */
  list: (campaignId: string) => call<{ experiments: Experiment[] }>('GET', campaignExperimentsPath(campaignId)),
  start: (campaignId: string, input: StartExperimentInput) => call<Experiment>('POST', campaignExperimentsPath(campaignId), input),
  /** Enrols nobody new: new visitors see the control, those enrolled keep their variant. */
  pause: (experimentId: string) => call<Experiment>('POST', experimentPath(experimentId), { action: 'pause' }),
  resume: (experimentId: string) => call<Experiment>('POST', experimentPath(experimentId), { action: 'resume' }),
  /** Ends it keeping `winner`: its version is saved again as the campaign's newest and published (the answer's winnerVersion). */
  stop: (experimentId: string, winner: VariantKey) => call<Experiment>('POST', experimentPath(experimentId), { action: 'stop', winner }),
};
