import { describe, expect, it } from 'vitest';
import { parseCspReports } from './cspReport';

describe('parseCspReports', () => {
  it('reads the report-uri format, keeping the page path and the blocked origin only', () => {
    const body = {
      'csp-report': {
        'document-uri': 'https://subscribe.example.com/vogue/demo-single/credit-card?email=a%40b.com',
        'violated-directive': "script-src-elem 'nonce-x' 'strict-dynamic'",
        'blocked-uri': 'https://evil.example/skim.js?card=4242',
        'source-file': 'https://subscribe.example.com/purchase-journey/_next/static/chunks/app.js?v=1',
        'line-number': 12,
        disposition: 'enforce',
      },
    };
    expect(parseCspReports('application/csp-report', body)).toEqual([
      {
        page: '/vogue/demo-single/credit-card',
        directive: 'script-src-elem',
        blocked: 'https://evil.example',
        source: 'https://subscribe.example.com/purchase-journey/_next/static/chunks/app.js:12',
        disposition: 'enforce',
        sample: null,
      },
    ]);
  });

  it('reads the Reporting API format and keeps only CSP violations', () => {
    const body = [
      { type: 'deprecation', body: { id: 'x' } },
      {
        type: 'csp-violation',
        body: {
          documentURL: 'https://s.example/vogue/demo-single',
          effectiveDirective: 'script-src-elem',
          blockedURL: 'inline',
          sample: 'alert(document.cookie)'.repeat(3),
          disposition: 'enforce',
        },
      },
    ];
    const [violation, ...rest] = parseCspReports('application/reports+json', body)!;
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({ page: '/vogue/demo-single', blocked: 'inline', directive: 'script-src-elem' });
    expect(violation!.sample).toHaveLength(40);
  });

  it('is null for a body of neither format', () => {
    expect(parseCspReports('application/csp-report', { hello: 1 })).toBeNull();
    expect(parseCspReports('application/reports+json', { 'csp-report': {} })).toBeNull();
    expect(
      parseCspReports(
        'application/reports+json',
        Array.from({ length: 101 }, () => ({ type: 'csp-violation' })),
      ),
    ).toBeNull();
  });
});
