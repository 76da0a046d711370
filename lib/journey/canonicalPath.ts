import { parseJourneySegments } from './path';

/**
 * Lower-cases ASCII letters only: other scripts' case mappings would make different
 * spellings one (the Kelvin sign "K" lower-cases to "k", "İ" to two characters).
 */
export function lowerAscii(value: string): string {
  return value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/**
 * The canonical, lower-case path of a journey path typed with capitals
 * ("/Vogue/Demo-Single/Cart" → "/vogue/demo-single/cart"), to redirect to; null when the
 * path has no capitals, when lower-casing it does not make a well-formed journey path,
 * or when it does not lead to exactly one campaign: the catalogue keeps slugs in lower
 * case, but should two campaigns ever differ only by case, neither is guessed at.
 * `campaignKeys` are the catalogue's "brand/url_slug" keys.
 */
export function canonicalJourneyPath(segments: readonly string[], campaignKeys: Iterable<string>): string | null {
  if (!segments.some((segment) => /[A-Z]/.test(segment))) return null;
  const lowered = segments.map(lowerAscii);
  const location = parseJourneySegments(lowered);
  if (!location) return null;
  const wanted = `${location.brand}/${location.urlSlug}`;
  let matches = 0;
  for (const key of campaignKeys) if (lowerAscii(key) === wanted) matches += 1;
  return matches === 1 ? `/${lowered.join('/')}` : null;
}
