import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyDocumentSecurity } from './documentSecurity';

function exchange(host = 'localhost:3000') {
  const headers = new Map<string, string>();
  const req = { headers: { host } } as unknown as IncomingMessage;
  const res = { headersSent: false, setHeader: (name: string, value: string) => headers.set(name, value) } as unknown as ServerResponse;
  return { req, res, headers };
}

describe('applyDocumentSecurity', () => {
  it('gives each page a fresh nonce, sent in its policy', () => {
    const first = exchange();
    const second = exchange();
    const nonce = applyDocumentSecurity(first.req, first.res, '/vogue/demo-single?source=x');
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.headers.get('Content-Security-Policy')).toContain(`'nonce-${nonce}'`);
    expect(applyDocumentSecurity(second.req, second.res, '/vogue/demo-single')).not.toBe(nonce);
  });

  it.each(['evil.example', 'localhost:99999'])('still renders for a host the server does not know (%s, no PUBLIC_ORIGIN), without trusting it', (host) => {
    const { req, res, headers } = exchange(host);
    expect(() => applyDocumentSecurity(req, res, '/vogue/demo-single/credit-card')).not.toThrow();
    expect(headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });
});
