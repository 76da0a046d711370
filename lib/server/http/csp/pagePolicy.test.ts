import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/server/config/serverEnv';
import { mergeSources } from './cspSources';
import { pageParties, pageSecurityHeaders } from './pagePolicy';

const page = { paymentPage: false, host: 'subscribe.vogue.com', protocol: 'https' as const };
const payment = { ...page, paymentPage: true };
const sources = (env: Record<string, string>, context = page, dsn?: string) => mergeSources(pageParties(parseServerEnv(env), context, dsn));

const STRIPE = { STRIPE_SECRET_KEY_TEST: 'sk_test_123', STRIPE_PUBLISHABLE_KEY_TEST: 'pk_test_123' };
const PAYPAL = { PAYPAL_CLIENT_ID_TEST: 'client-id-123', PAYPAL_CLIENT_SECRET_TEST: 'client-secret-123' };
const MARKETING = { TAG_MANAGER_ID: 'GTM-ABC123', MARTECH_LIBRARY_SRC: 'https://cdn.martech.example/lib.js' };

describe('pageParties', () => {
  it('allows no third party when none is configured (the sandbox is our own)', () => {
    const all = sources({ PAYMENTS_SANDBOX: '1' }, payment);
    expect(Object.values(all).flat()).toEqual([]);
  });

  it("allows a payment method's hosts on payment pages only, and only when its keys are set", () => {
    expect(sources(STRIPE, payment).script).toContain('https://js.stripe.com');
    expect(sources(STRIPE, payment).frame).toContain('https://hooks.stripe.com');
    expect(sources(STRIPE, page).script).not.toContain('https://js.stripe.com');
    expect(sources({ ...STRIPE, ...PAYPAL }, payment).script).toContain('https://*.paypal.com');
    expect(sources(STRIPE, payment).script).not.toContain('https://*.paypal.com');
  });

  it('leaves a method out of the policy when PAYMENT_METHODS does not offer it', () => {
    expect(sources({ ...STRIPE, ...PAYPAL, PAYMENT_METHODS: 'card' }, payment).script).not.toContain('https://*.paypal.com');
  });

  it('never allows the tag manager or the martech library on a payment page', () => {
    expect(sources(MARKETING, page).script).toEqual(['https://www.googletagmanager.com', 'https://cdn.martech.example']);
    expect(sources(MARKETING, payment).script).toEqual([]);
  });

  it('allows the consent manager everywhere it is configured', () => {
    const env = { ONETRUST_CONSENT_ID: 'abcdef12-3456' };
    expect(sources(env, page).script).toEqual(['https://cdn.cookielaw.org']);
    expect(sources(env, payment).script).toEqual(['https://cdn.cookielaw.org']);
  });

  it("lets tracking and error reports reach their configured endpoints, the collector derived from the page's host", () => {
    const env = { FUNNEL_URL: 'https://funnel.example.com/api/funnel', ANALYTICS_COLLECTOR_URL: 'https://c.{domain}' };
    expect(sources(env, page, 'https://key@o1.ingest.sentry.io/42').connect).toEqual([
      'https://funnel.example.com',
      'https://c.vogue.com',
      'https://o1.ingest.sentry.io',
    ]);
  });
});

describe('pageSecurityHeaders', () => {
  it('sends the nonce in the policy and declares the report endpoint for report-to', () => {
    const headers = pageSecurityHeaders(parseServerEnv({}), page, { nonce: 'n0nce' });
    expect(headers['Content-Security-Policy']).toContain("'nonce-n0nce' 'strict-dynamic'");
    expect(headers['Reporting-Endpoints']).toBe('csp="https://subscribe.vogue.com/api/csp-reports"');
  });

  it('sends no Reporting-Endpoints over http, where browsers would not use it', () => {
    const headers = pageSecurityHeaders(parseServerEnv({}), { ...page, protocol: 'http', host: 'localhost:3000' }, { nonce: 'n0nce' });
    expect(headers['Reporting-Endpoints']).toBeUndefined();
    expect(headers['Content-Security-Policy']).not.toContain('report-to');
  });
});

describe('framing: a preview link’s pages in the studio’s preview page', () => {
  const directive = (policy: string, name: string) => policy.split('; ').find((entry) => entry.startsWith(`${name} `));

  it('lets nobody frame a page by default, saying so in the policy alone (next.config.js sends DENY)', () => {
    const headers = pageSecurityHeaders(parseServerEnv({}), page, { nonce: 'n0nce' });
    expect(directive(headers['Content-Security-Policy']!, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(headers['Content-Security-Policy']!, 'frame-src')).toBe("frame-src 'none'");
    expect(headers['X-Frame-Options']).toBeUndefined();
  });

  it.each([
    ['https', page],
    ['http', { ...page, protocol: 'http' as const, host: 'localhost:3000' }],
  ])('lets our own pages frame a preview link’s page (%s), in both headers', (_protocol, context) => {
    const headers = pageSecurityHeaders(parseServerEnv({}), { ...context, framedBySelf: true }, { nonce: 'n0nce' });
    expect(directive(headers['Content-Security-Policy']!, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    // It frames nothing itself for being framed.
    expect(directive(headers['Content-Security-Policy']!, 'frame-src')).toBe("frame-src 'none'");
  });

  it('keeps a framed payment page’s provider frames and scripts', () => {
    const headers = pageSecurityHeaders(parseServerEnv(STRIPE), { ...payment, framedBySelf: true }, { nonce: 'n0nce' });
    expect(directive(headers['Content-Security-Policy']!, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(headers['Content-Security-Policy']!, 'frame-ancestors')).toBe("frame-ancestors 'self'");
  });

  it('lets the studio’s preview page frame our own pages, and only it, while nobody may frame it', () => {
    expect(mergeSources(pageParties(parseServerEnv({}), { ...page, framesSelf: true }, undefined)).frame).toEqual(["'self'"]);
    expect(sources({}, page).frame).toEqual([]);
    const headers = pageSecurityHeaders(parseServerEnv({}), { ...page, framesSelf: true }, { nonce: 'n0nce' });
    expect(directive(headers['Content-Security-Policy']!, 'frame-src')).toBe("frame-src 'self'");
    expect(directive(headers['Content-Security-Policy']!, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(headers['X-Frame-Options']).toBeUndefined();
  });
});
