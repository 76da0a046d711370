import { parseJourneyPath } from '@/lib/journey/path';
import { hasDotSegment } from './dotSegments';

/**
 * Where to send a visitor after sign-in: only a path of this journey (same base) with its
 * query; anything else (absolute URLs, "//host", backslashes, encoded slashes or dots,
 * another campaign) falls back to the campaign page.
 */
export function safeReturnPath(base: string, candidate: string | null | undefined): string {
  if (!isPlainLocalPath(candidate)) return base;
  const [path = '', query] = candidate.split('?', 2);
  const location = parseJourneyPath(path);
  if (!location || location.base !== base) return base;
  if (location.step === 'auth-initiate' || location.step === 'auth-complete') return base;
  return query ? `${path}?${query}` : path;
}

/** A path of this site with its query, nothing that could lead elsewhere or hide a different path (see safeReturnPath). */
function isPlainLocalPath(candidate: string | null | undefined): candidate is string {
  if (!candidate || candidate.length > 600) return false;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return false;
  if (hasDotSegment(candidate)) return false;
  return !/[\\\s\u0000-\u001f#]/.test(candidate) && !/%(2f|5c|2e|00|0d|0a)/i.test(candidate);
}

/** The account's pages: the overview and what lies below it. */
export const ACCOUNT_PATH = '/account';

/**
 * Where the account's sign-in sends a visitor back: `/account` or a page below it, with its
 * query, checked as safeReturnPath checks a journey's; never the sign-in pages themselves
 * (nothing to come back to there), never a dot segment. Anything else is `/account`.
 */
export function accountReturnPath(candidate: string | null | undefined): string {
  if (!isPlainLocalPath(candidate)) return ACCOUNT_PATH;
  const [path = ''] = candidate.split('?', 1);
  if (path !== ACCOUNT_PATH && !path.startsWith(`${ACCOUNT_PATH}/`)) return ACCOUNT_PATH;
  if (path.includes('//') || path.split('/')[2] === 'sign-in') return ACCOUNT_PATH;
  return candidate;
}
