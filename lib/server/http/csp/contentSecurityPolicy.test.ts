import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './contentSecurityPolicy';
import { mergeSources } from './cspSources';

const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));

describe('contentSecurityPolicy', () => {
  const base = { scripts: { nonce: 'abc123' }, sources: [], reportPath: '/api/csp-reports', reportTo: true, development: false };

  it('lets only nonced scripts, and what they load, run; no plugins, no <base>, no framing', () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy.get('script-src')).toEqual(["'nonce-abc123'", "'strict-dynamic'", "'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
  });

  it('reports violations to our endpoint, both ways browsers know', () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy.get('report-uri')).toEqual(['/api/csp-reports']);
    expect(policy.get('report-to')).toEqual(['csp']);
  });

  it('leaves report-to out where the Reporting API would drop the reports (not https)', () => {
    const policy = directives(contentSecurityPolicy({ ...base, reportTo: false }));
    expect(policy.get('report-uri')).toEqual(['/api/csp-reports']);
    expect(policy.has('report-to')).toBe(false);
  });

  it("adds each party's hosts to their directives once", () => {
    const stripe = {
      script: ['https://js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
    };
    const policy = directives(contentSecurityPolicy({ ...base, sources: [stripe, { script: ['https://js.stripe.com'] }] }));
    expect(policy.get('script-src')).toEqual(["'nonce-abc123'", "'strict-dynamic'", "'self'", 'https://js.stripe.com']);
    expect(policy.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
  });

  it("on a shared page, trusts no nonce: our files by origin, the framework's inline scripts by hash", () => {
    const shared = { ...base, scripts: { inlineScriptHashes: ['sha256-AAA=', 'sha256-BBB='] } };
    const policy = directives(contentSecurityPolicy({ ...shared, sources: [{ script: ['https://cdn.cookielaw.org'] }] }));
    expect(policy.get('script-src')).toEqual(["'sha256-AAA='", "'sha256-BBB='", "'self'", 'https://cdn.cookielaw.org']);
    expect(contentSecurityPolicy(shared)).not.toMatch(/nonce|strict-dynamic/);
    expect(directives(contentSecurityPolicy({ ...shared, scripts: { inlineScriptHashes: [] } })).get('script-src')).toEqual(["'self'"]);
  });

  it('allows eval only in development', () => {
    expect(contentSecurityPolicy(base)).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy({ ...base, development: true })).toContain("'unsafe-eval'");
  });
});

describe('mergeSources', () => {
  it('keeps every directive, empty where nobody needs it', () => {
    expect(mergeSources([{ img: ['data:'] }])).toEqual({
      script: [],
      style: [],
      frame: [],
      connect: [],
      img: ['data:'],
      font: [],
      formAction: [],
    });
  });
});
