import { describe, expect, it } from 'vitest';
import { parseOneTrustConsent } from './oneTrustCookie';

/** OneTrust's cookie as a browser sends it: its value URL-encoded once more. */
const consentCookie = (groups: string) =>
  encodeURIComponent(`isGpcEnabled=0&datestamp=Fri+Dec+04+2026&version=202411.1.0&groups=${groups}&hosts=&landingPath=NotLandingPage`);

describe('parseOneTrustConsent', () => {
  it('reads the groups switched on once the visitor closed the banner', () => {
    const state = parseOneTrustConsent(consentCookie('C0001:1,C0002:1,C0003:0,C0004:0'), '2026-12-04T10:00:00.000Z');
    expect(state).toEqual({ decided: true, groups: new Set(['C0001', 'C0002']) });
  });

  it('reads a refusal of analytics as decided without C0002', () => {
    const state = parseOneTrustConsent(consentCookie('C0001:1,C0002:0,C0003:0,C0004:1'), '2026-12-04T10:00:00.000Z');
    expect(state).toEqual({ decided: true, groups: new Set(['C0001', 'C0004']) });
  });

  it('takes a value sent without the second encoding too', () => {
    const state = parseOneTrustConsent('groups=C0001:1,C0002:1', 'x');
    expect(state).toEqual({ decided: true, groups: new Set(['C0001', 'C0002']) });
  });

  it("is undecided before an answer (a region's defaults are none), without groups, or unreadable", () => {
    expect(parseOneTrustConsent(consentCookie('C0001:1,C0002:1'), undefined)).toEqual({ decided: false });
    expect(parseOneTrustConsent(undefined, 'x')).toEqual({ decided: false });
    expect(parseOneTrustConsent(encodeURIComponent('isGpcEnabled=0&hosts='), 'x')).toEqual({ decided: false });
    expect(parseOneTrustConsent('%E0%A4%A', 'x')).toEqual({ decided: false });
  });
});
