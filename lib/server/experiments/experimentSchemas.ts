import { z } from 'zod';
import { EXPERIMENT_ID, MAX_EXPERIMENT_NAME, VARIANT_KEYS } from '@/lib/experiments/experiment';
import { MAX_VARIANTS } from '@/lib/experiments/assignment';
import { versionNumber } from '@/lib/server/campaigns/studioSchemas';

/** The studio's experiment bodies and queries; the variants' versions and weights are checked against the campaign by experimentStudio.ts. */
const version = versionNumber;

export const startExperimentBody = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(MAX_EXPERIMENT_NAME, `must be at most ${MAX_EXPERIMENT_NAME} characters`),
  variants: z
    .array(
      z.strictObject({
        version,
        weight: z.number().int('must be a whole percentage').min(1, 'must be at least 1').max(99, 'must be at most 99'),
      }),
    )
    .min(2, 'must hold at least 2 variants: the control and one to try')
    .max(MAX_VARIANTS, `must hold at most ${MAX_VARIANTS} variants`),
});

export const experimentQuery = z.strictObject({
  experimentId: z.string().regex(EXPERIMENT_ID, 'must be an experiment id such as exp_0123456789abcdef'),
});

export const experimentActionBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('pause') }),
  z.strictObject({ action: z.literal('resume') }),
  z.strictObject({ action: z.literal('stop'), winner: z.enum(VARIANT_KEYS) }),
]);
