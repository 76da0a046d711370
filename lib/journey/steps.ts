/**
 * Every step of the journey, in funnel order. `StepId` is derived from this list so a
 * step that is not listed cannot be routed to, rendered or tracked.
 */
export const STEP_IDS = [
  'campaign',
  'cart',
  'credit-card',
  'promo-code',
  'success',
  'auth-initiate',
  'auth-complete',
] as const;

export type StepId = (typeof STEP_IDS)[number];

/**
 * Steps that have a page today. A known step without a page answers 404 rather than
 * an empty screen; each issue that builds a step adds it here and to the registry.
 */
export const AVAILABLE_STEP_IDS = STEP_IDS satisfies readonly StepId[];

export type AvailableStepId = (typeof AVAILABLE_STEP_IDS)[number];

export function isAvailableStep(step: StepId): step is AvailableStepId {
  return (AVAILABLE_STEP_IDS as readonly StepId[]).includes(step);
}

/** Steps whose page load is a funnel waypoint (SPEC §2). */
export const WAYPOINT_BY_STEP: Partial<Record<StepId, string>> = {
  campaign: 'campaign',
  'credit-card': 'credit-card',
  'promo-code': 'promo-code',
};

/** Authentication-controller pages skip the pre-auth check (SPEC §2). */
export function isAuthControllerStep(step: StepId): boolean {
  return step === 'auth-initiate' || step === 'auth-complete';
}
