import { parse } from 'cookie';
import type { NextApiRequest } from 'next';
import { LIVEMODE_COOKIE, parseLivemode } from '@/lib/journey/query';
import { HttpError } from './HttpError';

/**
 * An API request's mode as the pages read theirs: test with ?livemode=false or the
 * mt_livemode cookie, live otherwise. A livemode parameter that is neither true nor false is
 * a 400; an unreadable cookie header is no mode (live).
 */
export function requestLivemode(req: Pick<NextApiRequest, 'query' | 'headers'>): boolean {
  let cookies: Record<string, string | undefined> = {};
  try {
    cookies = parse(req.headers.cookie ?? '');
  } catch {
    // No mode from a cookie header that cannot be read.
  }
  const parsed = parseLivemode(req.query.livemode, cookies[LIVEMODE_COOKIE]);
  if (!parsed.ok) throw new HttpError(400, 'invalid_livemode', parsed.message);
  return parsed.value;
}
