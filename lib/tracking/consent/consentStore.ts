import Cookies from 'js-cookie';
import { formatGroupList, parseGroupList, type ConsentGroupId, type ConsentState } from './consentGroups';

/**
 * The built-in banner's record of the visitor's answer: one first-party cookie, written
 * only when they answer (keeping a consent choice is strictly necessary). Versioned so a
 * change of groups can ask again.
 */
export const CONSENT_COOKIE = 'pj_consent';
const VERSION = 'v1';
const MAX_AGE_DAYS = 180;

export function readStoredConsent(): ConsentState {
  const raw = Cookies.get(CONSENT_COOKIE);
  if (!raw?.startsWith(`${VERSION}:`)) return { decided: false };
  return { decided: true, groups: parseGroupList(raw.slice(VERSION.length + 1)) };
}

export function storeConsent(groups: ReadonlySet<ConsentGroupId>): void {
  Cookies.set(CONSENT_COOKIE, `${VERSION}:${formatGroupList(groups)}`, {
    expires: MAX_AGE_DAYS,
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
    path: '/',
  });
}
