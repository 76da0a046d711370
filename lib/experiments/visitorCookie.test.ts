// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_GROUPS, NECESSARY_ONLY, type ConsentGroupId, type ConsentState } from '@/lib/tracking/consent/consentGroups';
import { VISITOR_COOKIE, VISITOR_COOKIE_DAYS, VISITOR_ID } from './experiment';
import { followVisitorConsent, newVisitorId } from './visitorCookie';

const analytics: ConsentState = { decided: true, groups: new Set<ConsentGroupId>(['C0001', 'C0002']) };
const refused: ConsentState = { decided: true, groups: NECESSARY_ONLY };
/** Everything but analytics: targeting alone does not let a visitor be counted in an experiment. */
const withoutAnalytics: ConsentState = { decided: true, groups: new Set<ConsentGroupId>(['C0001', 'C0003', 'C0004']) };
const held = () => Cookies.get(VISITOR_COOKIE);

afterEach(() => {
  Cookies.remove(VISITOR_COOKIE, { path: '/' });
  vi.restoreAllMocks();
});

describe('newVisitorId', () => {
  it('is 22 base64url characters, another each time', () => {
    const ids = Array.from({ length: 200 }, newVisitorId);
    for (const id of ids) expect(id).toMatch(VISITOR_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('followVisitorConsent', () => {
  it('stores nothing before an answer (ePrivacy Art. 5(3))', () => {
    followVisitorConsent({ decided: false }, true);
    expect(held()).toBeUndefined();
    expect(document.cookie).toBe('');
  });

  it('makes the visitor id once they consent to analytics: first-party, site-wide, for 390 days', () => {
    const set = vi.spyOn(Cookies, 'set');
    followVisitorConsent(analytics, true);
    expect(held()).toMatch(VISITOR_ID);
    expect(set).toHaveBeenCalledWith(VISITOR_COOKIE, held(), { expires: VISITOR_COOKIE_DAYS, sameSite: 'Lax', secure: false, path: '/' });
    expect(VISITOR_COOKIE_DAYS).toBe(390);
  });

  it('keeps the id it holds, so the visitor keeps their variant on every page and visit', () => {
    followVisitorConsent(analytics, true);
    const first = held();
    const set = vi.spyOn(Cookies, 'set');
    followVisitorConsent(analytics, true);
    followVisitorConsent({ decided: true, groups: ALL_GROUPS }, true);
    expect(held()).toBe(first);
    expect(set).not.toHaveBeenCalled();
  });

  it('replaces an id that is not one of ours', () => {
    Cookies.set(VISITOR_COOKIE, 'tampered', { path: '/' });
    followVisitorConsent(analytics, true);
    expect(held()).toMatch(VISITOR_ID);
  });

  it.each([
    ['refused everything', refused],
    ['allowed all but analytics', withoutAnalytics],
  ])('removes the id when the visitor %s, withdrawing what they gave', (_case, answer) => {
    followVisitorConsent(analytics, true);
    expect(held()).toBeDefined();
    followVisitorConsent(answer, true);
    expect(held()).toBeUndefined();
    // Left behind malformed, it goes too.
    Cookies.set(VISITOR_COOKIE, 'left-over', { path: '/' });
    followVisitorConsent(answer, true);
    expect(held()).toBeUndefined();
  });

  it('with the built-in banner, removes the id once its record has lapsed; with OneTrust, waits for its answer', () => {
    followVisitorConsent(analytics, true);
    followVisitorConsent({ decided: false }, false);
    expect(held()).toMatch(VISITOR_ID);
    followVisitorConsent({ decided: false }, true);
    expect(held()).toBeUndefined();
  });

  it('makes none on a refusal, and touches no cookie when there is none to remove', () => {
    const remove = vi.spyOn(Cookies, 'remove');
    followVisitorConsent(refused, true);
    expect(held()).toBeUndefined();
    expect(remove).not.toHaveBeenCalled();
  });
});
