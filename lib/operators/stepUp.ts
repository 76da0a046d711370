import { ApiError } from '@/lib/api/apiErrors';

/** The error code of a grave change asked from a session whose code is too old: the browser asks for one and tries again. */
export const STEP_UP_REQUIRED = 'step_up_required';

/** The minutes a code given vouches for adding or changing operators and making tokens (the server's STEP_UP_MAX_AGE_MS). */
export const STEP_UP_MINUTES = 5;

export const isStepUpRequired = (error: unknown): boolean => error instanceof ApiError && error.code === STEP_UP_REQUIRED;
