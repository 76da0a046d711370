import { MAX_VARIANTS, variantsProblem } from '@/lib/experiments/assignment';
import { problemsByField } from '@/lib/campaigns/draftFormProblems';
import type { StartExperimentInput } from './experimentsApi';

/**
 * The studio's form that starts an A/B test, as plain data: the variants in order, the first
 * the control (the published version, which the form does not let change), each weight as
 * typed so that an emptied field stays empty. Pure, so that its rules are tested without a browser.
 */
export interface VariantDraft {
  version: number;
  /** Whole percent, as typed. */
  weight: string;
}

export interface ExperimentDraft {
  name: string;
  variants: VariantDraft[];
}

/** 100 in whole percent shared among `count`, the first ones taking what does not divide: 50/50, 34/33/33, 25×4. */
export function evenWeights(count: number): number[] {
  const share = Math.floor(100 / count);
  const rest = 100 - share * count;
  return Array.from({ length: count }, (_, index) => share + (index < rest ? 1 : 0));
}

const reweighed = (versions: readonly number[]): VariantDraft[] => {
  const weights = evenWeights(versions.length);
  return versions.map((version, index) => ({ version, weight: String(weights[index]) }));
};

/**
 * A new form: the published version against the first of `choices` (the other saved
 * versions, the newest first), half and half. Null when there is nothing to try.
 */
export function newExperimentDraft(published: number, choices: readonly number[]): ExperimentDraft | null {
  if (choices.length === 0) return null;
  return { name: '', variants: reweighed([published, choices[0]!]) };
}

/** One more variant (up to 4), showing a version no other shows yet when there is one; the weights shared evenly again. */
export function withVariantAdded(draft: ExperimentDraft, choices: readonly number[]): ExperimentDraft {
  if (draft.variants.length >= MAX_VARIANTS || choices.length === 0) return draft;
  const shown = new Set(draft.variants.map((variant) => variant.version));
  const next = choices.find((version) => !shown.has(version)) ?? choices[0]!;
  return { ...draft, variants: reweighed([...draft.variants.map((variant) => variant.version), next]) };
}

/** Without the variant at `index` (never the control, never below two), the weights shared evenly again; the later ones move up a letter. */
export function withVariantRemoved(draft: ExperimentDraft, index: number): ExperimentDraft {
  if (index === 0 || draft.variants.length <= 2) return draft;
  return { ...draft, variants: reweighed(draft.variants.filter((_, at) => at !== index).map((variant) => variant.version)) };
}

/** The weights' problem as the server words it ("The weights add up to 90%; …"), while they are typed; null when they can run. */
export function weightsProblem(draft: ExperimentDraft): string | null {
  return variantsProblem(draft.variants.map((variant, index) => ({ id: String(index), weight: typedWeight(variant.weight) })));
}

// An empty or unreadable weight is no number: the server says so beside its field (NaN is sent as null).
const typedWeight = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

export function startInput(draft: ExperimentDraft): StartExperimentInput {
  return {
    name: draft.name.trim(),
    variants: draft.variants.map((variant) => ({ version: variant.version, weight: typedWeight(variant.weight) })),
  };
}

/** Where the form shows a problem: the name, a variant's version or weight, or the weights together. */
export const NAME_FIELD = 'name';
export const WEIGHTS_FIELD = 'variants';
export const versionField = (index: number) => `variants.${index}.version`;
export const weightField = (index: number) => `variants.${index}.weight`;

export interface StartProblems {
  /** By field, each message a sentence. */
  byField: Map<string, string>;
  /** Those about no field the form shows. */
  others: string[];
}

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** A refused start's details ("variants.1.version: is not a version of …") sorted to the fields of a form of `count` variants. */
export function startProblems(details: readonly string[], count: number): StartProblems {
  const fields = new Set([NAME_FIELD, WEIGHTS_FIELD]);
  for (let index = 0; index < count; index++) fields.add(versionField(index)).add(weightField(index));
  const byField = new Map<string, string>();
  const others: string[] = [];
  for (const [field, messages] of problemsByField(details)) {
    const words = messages.map(sentence).join('; ');
    if (fields.has(field)) byField.set(field, words);
    else others.push(field ? `${field}: ${words}` : words);
  }
  return { byField, others };
}
