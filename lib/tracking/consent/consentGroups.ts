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
  return CONSENT_GROUPS.map((group) => group.id).filter((id) => groups.has(id)).join(',');
}

export const ALL_GROUPS: ReadonlySet<ConsentGroupId> = new Set(CONSENT_GROUPS.map((group) => group.id));
export const NECESSARY_ONLY: ReadonlySet<ConsentGroupId> = new Set<ConsentGroupId>(['C0001']);
