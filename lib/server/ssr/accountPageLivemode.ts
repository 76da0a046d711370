import { parse } from 'cookie';
import type { IncomingMessage } from 'node:http';
import { LIVEMODE_COOKIE, parseLivemode } from '@/lib/journey/query';

/**
 * Test mode, as the account's sign-in pages read it (?livemode=false or the mt_livemode
 * cookie). Anything else is live: a page that only asks for an address, or says why a link
 * cannot be used, has no mode to refuse.
 */
export function accountPageLivemode(req: Pick<IncomingMessage, 'headers'>, query: URLSearchParams): boolean {
  let cookies: Record<string, string | undefined> = {};
  try {
    cookies = parse(req.headers.cookie ?? '');
  } catch {
    // An unreadable cookie header is no mode.
  }
  const parsed = parseLivemode(query.get('livemode') ?? undefined, cookies[LIVEMODE_COOKIE]);
  return parsed.ok ? parsed.value : true;
}
