/** The three loaders of SPEC §2. */
export const LOADER_TYPES = ['general-processing', 'submission-processing', 'form-loading'] as const;
export type LoaderType = (typeof LOADER_TYPES)[number];

export const SUBMISSION_VARIANTS = ['light', 'dark'] as const;
export type SubmissionVariant = (typeof SUBMISSION_VARIANTS)[number];
export const LOADER_SIZES = ['small', 'medium', 'large'] as const;
export type LoaderSize = (typeof LOADER_SIZES)[number];

/** Dynamic loads wait this long before a loader shows, so fast loads do not flash one. */
export const DYNAMIC_LOAD_DELAY_MS = 200;

export function assertLoaderType(type: string): asserts type is LoaderType {
  if (!(LOADER_TYPES as readonly string[]).includes(type)) {
    throw new Error(`Invalid Loader Type. Must be one of ${LOADER_TYPES.join(', ')}`);
  }
}
