/**
 * Consent groups, named as OneTrust names them so that the built-in banner and the CMP
 * speak the same language. C0004 (targeting) decides between anonymous and full tracking
 * (SPEC §4, §9). What the banner says of each is in ConsentBanner.tsx, loaded only with it.
 */
export const CONSENT_GROUPS = [
  { id: 'C0001', required: true },
  { id: 'C0002', required: false },
  { id: 'C0003', required: false },
  { id: 'C0004', required: false },
] as const;

export type ConsentGroupId = (typeof CONSENT_GROUPS)[number]['id'];
export const TRACKING_CONSENT_GROUP: ConsentGroupId = 'C0004';

/** Where the visitor stands: no answer yet, or the groups they allowed. */
export type ConsentState = { decided: false } | { decided: true; groups: ReadonlySet<ConsentGroupId> };

/** anonymous: no cookies, no local storage, no identifiers kept; full: cookie and local storage. */
export type TrackingMode = 'anonymous' | 'full';

export function trackingModeFor(state: ConsentState): TrackingMode {
  return state.decided && state.groups.has(TRACKING_CONSENT_GROUP) ? 'full' : 'anonymous';
}

/**
 * How a deployment asks (CONSENT_POLICY): `anonymous-first` is SPEC §4's model, anonymous
 * measurement before an answer; `strict` (for EU audiences) sends nothing before one.
 */
export const CONSENT_POLICIES = ['anonymous-first', 'strict'] as const;
export type ConsentPolicy = (typeof CONSENT_POLICIES)[number];

/**
 * What tracking is used for, each governed by consent: the business's own funnel
 * (measurement), the analytics collector and the schema inspector (performance, C0002),
 * and what targets the visitor: segments, the tag manager, stored identifiers (C0004).
 */
export type TrackingPurpose = 'measurement' | 'performance' | 'targeting';

/** What the visitor's answer, under the deployment's policy, lets tracking do. */
export interface TrackingConsent {
  mode: TrackingMode;
  allows: Readonly<Record<TrackingPurpose, boolean>>;
}

export function trackingConsentFor(state: ConsentState, policy: ConsentPolicy): TrackingConsent {
  if (!state.decided) {
    const before = policy === 'anonymous-first';
    return { mode: 'anonymous', allows: { measurement: before, performance: before, targeting: false } };
  }
  return {
    mode: trackingModeFor(state),
    allows: { measurement: true, performance: state.groups.has('C0002'), targeting: state.groups.has(TRACKING_CONSENT_GROUP) },
  };
}

export function sameConsent(a: TrackingConsent, b: TrackingConsent): boolean {
  return a.mode === b.mode && (Object.keys(a.allows) as TrackingPurpose[]).every((purpose) => a.allows[purpose] === b.allows[purpose]);
}

const KNOWN = new Set<string>(CONSENT_GROUPS.map((group) => group.id));

/** Reads OneTrust's active groups (",C0001,C0004,") or our cookie's list; unknown ids are ignored. */
export function parseGroupList(raw: string | null | undefined): Set<ConsentGroupId> {
  const groups = new Set<ConsentGroupId>(['C0001']);
  for (const id of (raw ?? '').split(',')) {
    const trimmed = id.trim();
    if (KNOWN.has(trimmed)) groups.add(trimmed as ConsentGroupId);
  }
  return groups;
}

export function formatGroupList(groups: ReadonlySet<ConsentGroupId>): string {
  return CONSENT_GROUPS.map((group) => group.id)
    .filter((id) => groups.has(id))
    .join(',');
}

export const ALL_GROUPS: ReadonlySet<ConsentGroupId> = new Set(CONSENT_GROUPS.map((group) => group.id));
export const NECESSARY_ONLY: ReadonlySet<ConsentGroupId> = new Set<ConsentGroupId>(['C0001']);
