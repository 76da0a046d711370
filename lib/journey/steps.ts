/**
 * The one list of the journey's steps, in funnel order (SPEC §2). Each entry declares the
 * path segments after the base that lead to it, its funnel waypoint, and whether the
 * pre-auth gate applies, and whether it is a payment page. `StepId`, path resolution, waypoints and the 404 rule are all
 * derived from it; each step's server loader (lib/server/ssr/steps/) and view
 * (components/steps/registry.tsx) are keyed by `StepId`, so the compiler refuses a step
 * that has one without the other.
 */
export const STEPS = [
  { id: 'campaign', path: { segments: [] }, waypoint: 'campaign', preAuth: true, paymentPage: false },
  { id: 'cart', path: { segments: ['cart'] }, waypoint: 'cart', preAuth: true, paymentPage: false },
  { id: 'promo-code', path: { segments: ['promo-code'] }, waypoint: 'promo-code', preAuth: true, paymentPage: false },
  { id: 'credit-card', path: { segments: ['credit-card'] }, waypoint: 'credit-card', preAuth: true, paymentPage: true },
  // Where Amazon Pay sends the visitor back (review, then result): it finishes the payment and moves on.
  { id: 'amazon-pay-return', path: { segments: ['credit-card', 'amazon-pay'] }, waypoint: null, preAuth: true, paymentPage: true },
  // "Fourth segment contains the word success" (SPEC §2): any such segment is the success page.
  { id: 'success', path: { segments: ['success'], fourthContains: 'success' }, waypoint: 'success', preAuth: true, paymentPage: false },
  // Authentication-controller pages skip the pre-auth check and carry the page to return to.
  { id: 'auth-initiate', path: { segments: ['auth', 'initiate'], returnPath: true }, waypoint: null, preAuth: false, paymentPage: false },
  { id: 'auth-complete', path: { segments: ['auth', 'complete'], returnPath: true }, waypoint: null, preAuth: false, paymentPage: false },
] as const satisfies readonly StepDefinition[];

export interface StepDefinition {
  id: string;
  path: {
    /** The segments after the base: [] is the offer page; also the canonical sub-path. */
    segments: readonly string[];
    /** Segments after these are the page to return to (auth/initiate/{page}). */
    returnPath?: boolean;
    /** A single fourth segment containing this word also leads here. */
    fourthContains?: string;
  };
  /** The funnel waypoint of the step's page load, if it is one. */
  waypoint: string | null;
  /** Whether the pre-auth gate (SPEC §2, §4) applies on campaigns that enable it. */
  preAuth: boolean;
  /**
   * Whether payment data is taken or handled there: such pages run only the scripts of the
   * payment inventory (PCI DSS 6.4.3), never the tag manager or the martech library.
   */
  paymentPage: boolean;
}

export type Step = (typeof STEPS)[number];
export type StepId = Step['id'];

export const STEP_IDS: readonly StepId[] = STEPS.map((step) => step.id);
const BY_ID = new Map<StepId, Step>(STEPS.map((step) => [step.id, step]));

export function stepDefinition(id: StepId): Step {
  return BY_ID.get(id)!;
}

/** The sub-path that leads to a step ("" for the offer page, "auth/initiate", "cart"). */
export function stepSubPath(id: StepId): string {
  return stepDefinition(id).path.segments.join('/');
}

/** The waypoints of the funnel's steps (SPEC §2, §4), in funnel order. */
export type StepWaypoint = NonNullable<Step['waypoint']>;
export const STEP_WAYPOINTS: readonly StepWaypoint[] = STEPS.flatMap((step) => (step.waypoint ? [step.waypoint] : []));

/** The waypoint a step's page load reports, or null (SPEC §2). */
export function waypointOf<K extends StepId>(id: K): WaypointByStep[K] {
  return stepDefinition(id).waypoint as unknown as WaypointByStep[K];
}

type WaypointByStep = { [S in Step as S['id']]: S['waypoint'] };

/** Authentication-controller pages skip the pre-auth check (SPEC §2). */
export function isAuthControllerStep(id: StepId): boolean {
  return !stepDefinition(id).preAuth;
}

function startsWith(segments: readonly string[], prefix: readonly string[]): boolean {
  return prefix.every((segment, index) => segments[index] === segment);
}

/**
 * Resolves the segments after the base to a step, or null (a 404). Exact segments win;
 * then a single fourth segment containing a step's word (only "success" has one).
 */
export function resolveStep(stepSegments: readonly string[]): { step: StepId; returnSegments: string[] } | null {
  for (const { id, path } of STEPS) {
    const { segments } = path;
    if (!startsWith(stepSegments, segments)) continue;
    const rest = stepSegments.slice(segments.length);
    if (rest.length === 0) return { step: id, returnSegments: [] };
    if ('returnPath' in path && path.returnPath) return { step: id, returnSegments: rest };
  }
  const [fourth, ...others] = stepSegments;
  if (fourth === undefined || others.length > 0) return null;
  const contained = STEPS.find((step) => 'fourthContains' in step.path && fourth.includes(step.path.fourthContains));
  return contained ? { step: contained.id, returnSegments: [] } : null;
}
