import { resolveStep, type StepId } from './steps';

/**
 * The path scheme of SPEC §2: /{brand}/{url_slug}/{step}/{sub-step}. Split on "/", the
 * first three segments ("", brand, url_slug) are the base and the fourth and fifth are
 * the step. Authentication pages may carry the page to return to after them
 * (auth/initiate/{page}), so they accept further segments.
 */
export interface JourneyLocation {
  brand: string;
  urlSlug: string;
  /** "/{brand}/{url_slug}" */
  base: string;
  step: StepId;
  /** Segments after auth/initiate or auth/complete: the page to return to. */
  returnSegments: string[];
}

/** Lower-case ASCII words joined by single hyphens, at most 64 characters. */
const SEGMENT_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SEGMENT_LENGTH = 64;
const MAX_SEGMENTS = 8;

export function isValidSegment(segment: string): boolean {
  return segment.length <= MAX_SEGMENT_LENGTH && SEGMENT_PATTERN.test(segment);
}

/**
 * Parses route segments (brand, url_slug, then the step segments) into a location.
 * Anything malformed (encoded slashes, dot segments, upper case, non-ASCII, overlong)
 * is null, which the page answers with 404.
 */
export function parseJourneySegments(segments: readonly string[]): JourneyLocation | null {
  if (segments.length < 2 || segments.length > MAX_SEGMENTS) return null;
  if (!segments.every(isValidSegment)) return null;
  const [brand, urlSlug, ...stepSegments] = segments as [string, string, ...string[]];
  const resolved = resolveStep(stepSegments);
  if (!resolved) return null;
  return { brand, urlSlug, base: `/${brand}/${urlSlug}`, ...resolved };
}

/** Parses a pathname such as "/vogue/demo-single/cart". */
export function parseJourneyPath(pathname: string): JourneyLocation | null {
  if (!pathname.startsWith('/')) return null;
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return parseJourneySegments(trimmed.split('/').slice(1));
}

/** The first three segments of a pathname: "/{brand}/{url_slug}". */
export function basePathOf(pathname: string): string {
  return pathname.split('/').slice(0, 3).join('/');
}
