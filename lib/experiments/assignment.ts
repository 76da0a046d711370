import { murmurHash2 } from './murmurHash2';

/** One arm of an experiment and its share of the visitors, in whole percent. */
export interface WeightedVariant {
  id: string;
  weight: number;
}

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;

/** Why these variants cannot be run: 2 to 4 of them, distinct ids, whole weights of at least 1 adding up to 100; null when they can. */
export function variantsProblem(variants: readonly WeightedVariant[]): string | null {
  if (variants.length < MIN_VARIANTS || variants.length > MAX_VARIANTS)
    return `An experiment runs ${MIN_VARIANTS} to ${MAX_VARIANTS} variants; this one has ${variants.length}.`;
  if (new Set(variants.map((variant) => variant.id)).size !== variants.length) return 'Each variant needs an id of its own.';
  if (variants.some((variant) => !Number.isInteger(variant.weight) || variant.weight < 1))
    return 'Each weight is a whole percentage of at least 1.';
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  return total === 100 ? null : `The weights add up to ${total}%; they must add up to 100%.`;
}

/**
 * The variant a visitor is shown: where the hash of "{visitorId}:{experimentId}" falls among
 * the variants' shares of the 32-bit range, in their order, as nginx's `split_clients` splits
 * it (each bound is the shares so far, in percent of 2^32 - 1; the last takes the rest). The same visitor and
 * experiment always get the same variant, on any server; another experiment splits anew.
 */
export function assignVariant(visitorId: string, experimentId: string, variants: readonly WeightedVariant[]): string {
  const problem = variantsProblem(variants);
  if (problem) throw new Error(problem);
  const hash = murmurHash2(`${visitorId}:${experimentId}`);
  let share = 0;
  for (const variant of variants.slice(0, -1)) {
    share += variant.weight;
    if (hash < Math.floor((share * 0xffffffff) / 100)) return variant.id;
  }
  return variants[variants.length - 1]!.id;
}
