import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyDocumentSecurity } from './documentSecurity';

const SHARED = 'public, s-maxage=40, stale-while-revalidate=15';

function exchange({
  host = 'localhost:3000',
  cacheControl,
  statusCode = 200,
}: { host?: string; cacheControl?: string; statusCode?: number } = {}) {
  const headers = new Map<string, string>(cacheControl ? [['Cache-Control', cacheControl]] : []);
  const req = { headers: { host } } as unknown as IncomingMessage;
  const res = {
    headersSent: false,
    statusCode,
    getHeader: (name: string) => headers.get(name),
    setHeader: (name: string, value: string) => headers.set(name, value),
  } as unknown as ServerResponse;
  return { req, res, headers, policy: () => headers.get('Content-Security-Policy')! };
}

describe('applyDocumentSecurity', () => {
  it('gives each personal page a fresh nonce, sent in its policy', () => {
    const first = exchange({ cacheControl: 'private, no-store' });
    const second = exchange();
    const { nonce } = applyDocumentSecurity(first.req, first.res, '/vogue/demo-single?source=x');
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.policy()).toContain(`'nonce-${nonce}' 'strict-dynamic'`);
    expect(applyDocumentSecurity(second.req, second.res, '/vogue/demo-single').nonce).not.toBe(nonce);
  });

  it('gives a page a shared cache may keep no nonce: its inline scripts run by hash once the document names them', () => {
    const shared = exchange({ cacheControl: SHARED });
    const security = applyDocumentSecurity(shared.req, shared.res, '/vogue/demo-single');
    expect(security).toMatchObject({ shared: true, nonce: undefined });
    expect(shared.policy()).not.toMatch(/nonce|strict-dynamic/);
    expect(shared.policy()).toContain("script-src 'self';");

    const bootstrap = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]});';
    security.allowInlineScripts([bootstrap, bootstrap]);
    const hash = createHash('sha256').update(bootstrap).digest('base64');
    expect(shared.policy()).toContain(`script-src 'sha256-${hash}' 'self';`);
    expect(shared.headers.get('Cache-Control')).toBe(SHARED);
  });

  it('makes a shared answer personal again when the page did not render as itself (an error page)', () => {
    const failed = exchange({ cacheControl: SHARED, statusCode: 500 });
    const { shared, nonce } = applyDocumentSecurity(failed.req, failed.res, '/vogue/demo-single');
    expect(shared).toBe(false);
    expect(nonce).toBeDefined();
    expect(failed.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it("leaves a personal page's policy alone when the document names its inline scripts", () => {
    const personal = exchange();
    const security = applyDocumentSecurity(personal.req, personal.res, '/vogue/demo-single/cart');
    const policy = personal.policy();
    security.allowInlineScripts(['anything']);
    expect(personal.policy()).toBe(policy);
  });

  it.each(['evil.example', 'localhost:99999'])(
    'still renders for a host the server does not know (%s, no PUBLIC_ORIGIN), without trusting it',
    (host) => {
      const { req, res, headers } = exchange({ host });
      expect(() => applyDocumentSecurity(req, res, '/vogue/demo-single/credit-card')).not.toThrow();
      expect(headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    },
  );
});
