import { parseJourneyPath } from '@/lib/journey/path';

/**
 * Where to send a visitor after sign-in: only a path of this journey (same base) with its
 * query; anything else (absolute URLs, "//host", backslashes, encoded slashes or dots,
 * another campaign) falls back to the campaign page.
 */
export function safeReturnPath(base: string, candidate: string | null | undefined): string {
  if (!candidate || candidate.length > 600) return base;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return base;
  if (/[\\\s\u0000-\u001f]/.test(candidate) || /%(2f|5c|2e|00|0d|0a)/i.test(candidate)) return base;
  const [path = '', query] = candidate.split('?', 2);
  const location = parseJourneyPath(path);
  if (!location || location.base !== base) return base;
  if (location.step === 'auth-initiate' || location.step === 'auth-complete') return base;
  if (query !== undefined && /[#]/.test(query)) return base;
  return query ? `${path}?${query}` : path;
}
