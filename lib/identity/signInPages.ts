import { LANG_PARAMETER } from '@/lib/i18n/langLink';
import { parseJourneyPath } from '@/lib/journey/path';
import { ACCOUNT_PATH, accountReturnPath, safeReturnPath } from './safeReturn';
import type { SignInLinkView } from './signInLinks';

/** The brand-neutral sign-in of the account pages, and where its links lead. */
export const ACCOUNT_SIGN_IN_PATH = '/account/sign-in';
export const ACCOUNT_SIGN_IN_COMPLETE_PATH = '/account/sign-in/complete';

/** A page a sign-in link opens: the account's, or a campaign's auth/complete (at its base). */
export type SignInLinkPage = { kind: 'account' } | { kind: 'journey'; base: string };

/**
 * The link page a Confirm form says it came from (its path and query, as sent back to it when
 * the link cannot be used), or null for anything else: only this site's own link pages.
 */
export function signInLinkPageOf(candidate: string): SignInLinkPage | null {
  if (candidate.length > 800 || !candidate.startsWith('/') || candidate.startsWith('//')) return null;
  if (/[\\\s\u0000-\u001f#]/.test(candidate) || /%(2f|5c|2e|00|0d|0a)/i.test(candidate)) return null;
  const [path = ''] = candidate.split('?', 1);
  if (path === ACCOUNT_SIGN_IN_COMPLETE_PATH) return { kind: 'account' };
  const location = parseJourneyPath(path);
  return location?.step === 'auth-complete' ? { kind: 'journey', base: location.base } : null;
}

/** Where a link signs a visitor in to from its page: a link's return path, kept within that page's own area. */
export function returnPathFrom(page: SignInLinkPage, linkReturnPath: string): string {
  return page.kind === 'account' ? accountReturnPath(linkReturnPath) : safeReturnPath(page.base, linkReturnPath);
}

/**
 * A page of the account kept in test mode: `livemode=false` added to its query when the page
 * it is linked from is in test mode, whose test subscriptions a live page does not show.
 */
export function inTestMode(path: string, livemode: boolean): string {
  if (livemode) return path;
  const [pathname = '', query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  if (params.get('livemode') === 'false') return path;
  params.set('livemode', 'false');
  return `${pathname}?${params.toString()}`;
}

/**
 * The account's sign-in page, prefilled with an address and returning to a page of the
 * account; from test mode (`livemode: false`) the page and the way back both stay in it, so
 * that signing back in shows the test subscriptions again.
 */
export function accountSignInHref(options: { email?: string; returnPath?: string; livemode?: boolean; locale?: string } = {}): string {
  const livemode = options.livemode ?? true;
  const query = new URLSearchParams();
  if (options.email) query.set('email', options.email);
  if (!livemode) query.set('livemode', 'false');
  const back = inTestMode(options.returnPath ?? ACCOUNT_PATH, livemode);
  if (back !== ACCOUNT_PATH) query.set('return', back);
  if (options.locale) query.set(LANG_PARAMETER, options.locale);
  const search = query.toString();
  return search ? `${ACCOUNT_SIGN_IN_PATH}?${search}` : ACCOUNT_SIGN_IN_PATH;
}

/** A page asked for with a method it does not take (it only shows). */
export interface RefusedPageProps {
  kind: 'refused';
  status: 405;
  message: string;
}

/** /account/sign-in: the address to prefill (?email=), the account page to come back to (?return=), and the mode. */
export type AccountSignInPageProps = { kind: 'account-sign-in'; email: string; returnPath: string; livemode: boolean } | RefusedPageProps;

/** /account/sign-in/complete when it does not redirect: why the link cannot be used, or the address to confirm; and the link's mode. */
export type AccountSignInCompletePageProps =
  { kind: 'account-sign-in-complete'; view: SignInLinkView; token: string; page: string; livemode: boolean } | RefusedPageProps;
