/** Browsers send some 50 characters; a longer header is cut, so that no visitor makes us parse a megabyte. */
const MAX_HEADER_CHARS = 256;
const MAX_TAGS = 16;

interface WeightedTag {
  language: string;
  region: string | null;
  q: number;
}

/** `de-DE;q=0.9` as its language, its region (two letters, upper case; null for none) and its weight; null when malformed. */
function weightedTag(entry: string): WeightedTag | null {
  const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
  const match = /^([a-z]{2,3})(?:-[a-z]{4})?(?:-([a-z]{2}))?(?:-|$)/i.exec(tag);
  if (!match) return null;
  const weight = params.find((param) => /^q=/i.test(param));
  const q = weight === undefined ? 1 : Number(weight.slice(2));
  if (!Number.isFinite(q) || q <= 0 || q > 1) return null;
  return { language: match[1]!.toLowerCase(), region: match[2]?.toUpperCase() ?? null, q };
}

/**
 * The region of the visitor's first language in an Accept-Language header (`de-DE` → DE,
 * `fr-CA` → CA), in the order of its q-values; null when that language names none (a bare
 * `de`). Only the first language counts: Firefox in German sends `de,en-US;q=0.7,en;q=0.3`,
 * whose `en-US` says which English the visitor reads, not that they are in the US.
 */
export function languageRegion(header: string | string[] | undefined): string | null {
  const text = (Array.isArray(header) ? header.join(',') : (header ?? '')).slice(0, MAX_HEADER_CHARS);
  const tags = text
    .split(',')
    .slice(0, MAX_TAGS)
    .map(weightedTag)
    .filter((tag): tag is WeightedTag => tag !== null)
    // A stable sort: tags of equal weight keep the header's order.
    .sort((a, b) => b.q - a.q);
  const first = tags[0];
  if (!first) return null;
  return tags.find((tag) => tag.language === first.language && tag.region !== null)?.region ?? null;
}
