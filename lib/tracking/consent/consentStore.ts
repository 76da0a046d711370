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

/** Reads the consent cookie's value, on the server (to render the page as the browser will) or in the browser. */
export function parseStoredConsent(raw: string | null | undefined): ConsentState {
  if (!raw?.startsWith(`${VERSION}:`)) return { decided: false };
  return { decided: true, groups: parseGroupList(raw.slice(VERSION.length + 1)) };
}

export function readStoredConsent(): ConsentState {
  return parseStoredConsent(Cookies.get(CONSENT_COOKIE));
}

export function storeConsent(groups: ReadonlySet<ConsentGroupId>): void {
  Cookies.set(CONSENT_COOKIE, `${VERSION}:${formatGroupList(groups)}`, {
    expires: MAX_AGE_DAYS,
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
    path: '/',
  });
}
