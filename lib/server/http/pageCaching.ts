/**
 * Who may keep a journey page: a shared cache (nginx, a CDN) when the page is the same for
 * every visitor of its URL, else nobody. The URL is the cache key, so the query (?source=…)
 * may vary a shared page; a cookie may not.
 */
import type { StepId } from '@/lib/journey/steps';

/** The promise to marketers: a catalogue change shows on every offer page, through any cache, within this. */
export const OFFER_PAGE_FRESHNESS_S = 60;

/**
 * How long past its max age a shared cache may still answer with a page while it fetches
 * the next one: long enough that a busy page never makes a visitor wait for the origin.
 */
export const STALE_WHILE_REVALIDATE_S = 15;

export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * What a shared page's answer also says: it was chosen by the cookies (none of ours), so a
 * cache that does not know our cookie rule (a browser's, a CDN's) keeps one copy per Cookie
 * header. deploy/nginx.conf knows the rule, bypasses on our cookies and ignores this.
 */
export const SHARED_PAGE_VARY = 'Cookie';

/** Steps whose page is the same for every visitor: the offer page reads nothing but its campaign. */
const SHARED_STEPS: ReadonlySet<StepId> = new Set<StepId>(['campaign']);

/**
 * Our own cookies: the test mode (mt_livemode), the session (CN_token_access and its expiry;
 * __Host-CN_token_access on https), and every pj_ cookie (cart, consent, receipt;
 * __Host-pj_receipt on https). A visitor holding one is in a journey of their own.
 * deploy/nginx.conf's $journey_personal_cookie map is the same rule (scripts/nginxFront.test.ts
 * checks both against one table). Other sites' cookies on our domain (analytics…) are not
 * read and change nothing; nor is the sign-in nonce (CN_sign_in_nonce), which no page reads.
 */
export const PERSONAL_COOKIE_NAME = /^(?:mt_livemode$|CN_token_access|__Host-CN_token_access|pj_|__Host-pj_)/;

export function isPersonalCookie(name: string): boolean {
  return PERSONAL_COOKIE_NAME.test(name);
}

export interface PageRequest {
  method: string | undefined;
  step: StepId;
  /** Test mode (?livemode=false or the mt_livemode cookie) is QA's, never shared. */
  livemode: boolean;
  cookieNames: readonly string[];
  /** Until the campaign ends or a scheduled version replaces it (lib/catalogue/campaignWindow.ts msUntilChange); null: neither is set. */
  msUntilEnd: number | null;
}

export type PersonalReason = 'method' | 'personal-step' | 'test-mode' | 'personal-cookie' | 'campaign-ending';

export type PageCaching =
  { shared: true; cacheControl: string } | { shared: false; cacheControl: typeof PERSONAL_CACHE_CONTROL; reason: PersonalReason };

/**
 * The Cache-Control of a shared page. A page may show a catalogue this server read up to
 * `catalogueTtlMs` ago, then be kept for s-maxage and served stale for
 * stale-while-revalidate more: the three together stay within OFFER_PAGE_FRESHNESS_S
 * (5 + 40 + 15 s by default). No max-age: a browser asks again each time (at most reusing
 * its copy while it does, for stale-while-revalidate, and only with the same cookies).
 * A campaign that ends sooner is kept only until it ends, stale time included; in its last
 * seconds, when not even one fresh second would fit, nobody keeps it (null).
 */
export function sharedCacheControl(catalogueTtlMs: number, msUntilEnd: number | null = null): string | null {
  const sMaxAge = Math.max(1, OFFER_PAGE_FRESHNESS_S - STALE_WHILE_REVALIDATE_S - Math.ceil(catalogueTtlMs / 1000));
  const untilEnd = msUntilEnd === null ? sMaxAge : Math.floor(msUntilEnd / 1000) - STALE_WHILE_REVALIDATE_S;
  const kept = Math.min(sMaxAge, untilEnd);
  return kept >= 1 ? `public, s-maxage=${kept}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}` : null;
}

/** Whether a page answer may be kept by a shared cache, and the Cache-Control that says so. */
export function pageCaching(request: PageRequest, catalogueTtlMs: number): PageCaching {
  const personal = (reason: PersonalReason): PageCaching => ({ shared: false, cacheControl: PERSONAL_CACHE_CONTROL, reason });
  if (request.method !== 'GET' && request.method !== 'HEAD') return personal('method');
  if (!SHARED_STEPS.has(request.step)) return personal('personal-step');
  if (!request.livemode) return personal('test-mode');
  if (request.cookieNames.some(isPersonalCookie)) return personal('personal-cookie');
  const cacheControl = sharedCacheControl(catalogueTtlMs, request.msUntilEnd);
  return cacheControl ? { shared: true, cacheControl } : personal('campaign-ending');
}

/**
 * Whether an answer's Cache-Control lets a shared cache keep it: the document reads this to
 * leave the nonce out (a nonce published to everyone protects nothing).
 */
export function mayBeKeptBySharedCache(cacheControl: string | number | readonly string[] | undefined): boolean {
  const directives = String(cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim().split('=')[0]);
  if (directives.some((name) => name === 'private' || name === 'no-store' || name === 'no-cache')) return false;
  return directives.includes('public') || directives.includes('s-maxage');
}
