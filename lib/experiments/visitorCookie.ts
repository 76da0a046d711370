import Cookies from 'js-cookie';
import type { ConsentState } from '@/lib/tracking/consent/consentGroups';
import { consentsToExperiments, parseVisitorId, VISITOR_COOKIE, VISITOR_COOKIE_DAYS } from './experiment';

/** 128 random bits as base64url (22 characters), from the browser's CSPRNG. */
export function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Keeps the first-party visitor id in step with the visitor's answer: made when they consent
 * to analytics (C0002), removed as soon as they refuse or withdraw it, or (with the built-in
 * banner) once its record has lapsed. Before any answer nothing is stored (ePrivacy Art.
 * 5(3)); the experiment's pages then show the control.
 */
export function followVisitorConsent(state: ConsentState, builtInBanner: boolean): void {
  const held = parseVisitorId(Cookies.get(VISITOR_COOKIE));
  // OneTrust answers after its script loads: undecided until then is not a refusal.
  const refused = state.decided || builtInBanner;
  if (consentsToExperiments(state)) {
    if (held) return;
    Cookies.set(VISITOR_COOKIE, newVisitorId(), {
      expires: VISITOR_COOKIE_DAYS,
      sameSite: 'Lax',
      secure: window.location.protocol === 'https:',
      path: '/',
    });
  } else if (refused && Cookies.get(VISITOR_COOKIE) !== undefined) Cookies.remove(VISITOR_COOKIE, { path: '/' });
}
