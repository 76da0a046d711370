import { describe, expect, it } from 'vitest';
import { HttpError } from './HttpError';
import { assertSameOrigin } from './sameOrigin';

const SITE = 'https://subscribe.example.com';

function outcome(method: string, headers: Record<string, string>): 'passes' | string {
  try {
    assertSameOrigin({ method, headers }, () => SITE);
    return 'passes';
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return `${error.status} ${error.code}`;
  }
}

describe('assertSameOrigin', () => {
  it.each<[string, Record<string, string>]>([
    ['a form another site posts', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['a cross-site fetch without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling subdomain', { origin: 'https://blog.example.com', 'sec-fetch-site': 'same-site' }],
    ['another origin, from an old browser without Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['the same host over http', { origin: 'http://subscribe.example.com' }],
    ['the same host on another port', { origin: 'https://subscribe.example.com:8443' }],
    ['an opaque origin (a sandboxed frame)', { origin: 'null' }],
    ['Origin our own but Sec-Fetch-Site cross-site', { origin: SITE, 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 cross_site_request', (_name, headers) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(outcome(method, headers)).toBe('403 cross_site_request');
  });

  it.each<[string, Record<string, string>]>([
    ['a same-origin fetch', { origin: SITE, 'sec-fetch-site': 'same-origin' }],
    ['a same-origin form post', { origin: SITE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' }],
    // Chromium posts a form with Origin "null" from a page whose Referrer-Policy is no-referrer (a sign-in link's page).
    ['a same-origin form post from a no-referrer page', { origin: 'null', 'sec-fetch-site': 'same-origin' }],
    ['the origin with a default port and capitals', { origin: 'HTTPS://Subscribe.Example.com:443' }],
    ['a request a visitor typed (Sec-Fetch-Site none)', { 'sec-fetch-site': 'none' }],
    ['a server or curl: neither header', {}],
  ])('lets %s through', (_name, headers) => {
    expect(outcome('POST', headers)).toBe('passes');
  });

  it('never guards a GET or a HEAD, and asks for the site origin only when an Origin header needs it', () => {
    let asked = 0;
    const site = () => {
      asked += 1;
      return SITE;
    };
    assertSameOrigin({ method: 'GET', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }, site);
    assertSameOrigin({ method: 'HEAD', headers: { 'sec-fetch-site': 'cross-site' } }, site);
    assertSameOrigin({ method: 'POST', headers: {} }, site);
    expect(asked).toBe(0);
    assertSameOrigin({ method: 'POST', headers: { origin: SITE } }, site);
    expect(asked).toBe(1);
  });

  it('refuses an Origin it cannot check (the site does not know its own origin) as another site, never a 5xx', () => {
    const unknown = () => {
      throw new HttpError(503, 'public_origin_missing', 'not configured');
    };
    expect(() => assertSameOrigin({ method: 'POST', headers: { origin: 'https://evil.example' } }, unknown)).toThrow(
      expect.objectContaining({ status: 403, code: 'cross_site_request' }),
    );
  });

  it('says what happened in words a visitor can read', () => {
    try {
      assertSameOrigin({ method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } }, () => SITE);
      expect.unreachable();
    } catch (error) {
      expect((error as HttpError).message).toMatch(/another site.*nothing was changed/);
    }
  });
});
