import { describe, expect, it, vi } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  answerClientError,
  guardRequest,
  HEADER_LINES_MAX,
  QUERY_PARAMS_MAX,
  refusalResponse,
  REQUEST_TARGET_MAX,
  withRequestGuard,
} from './requestGuard.mjs';

const request = (url: string, method = 'GET', headers: Record<string, string> = { host: 'shop.example' }) => ({ url, method, headers });
const status = (url: string, method = 'GET') => {
  const verdict = guardRequest(request(url, method));
  return verdict && 'refuse' in verdict ? verdict.refuse.status : verdict;
};

describe('guardRequest', () => {
  it("passes the journey's own addresses, with their parameters", () => {
    expect(status('/vogue/demo-single?source=newsletter&livemode=false&utm_campaign=a%20b')).toBeNull();
    expect(status('/purchase-journey/_next/static/chunks/app.js')).toBeNull();
    expect(status('/api/checkout/submit', 'POST')).toBeNull();
    expect(status('/martech/api/funnel', 'POST')).toBeNull();
  });

  it('refuses a request target over the limit with 414, before counting anything', () => {
    expect(status(`/vogue/demo-single?q=${'a'.repeat(REQUEST_TARGET_MAX)}`)).toBe(414);
  });

  it('refuses more query parameters than served with 400, also within the length limit', () => {
    const many = Array.from({ length: QUERY_PARAMS_MAX + 1 }, () => 'x=1').join('&');
    expect(many.length).toBeLessThan(REQUEST_TARGET_MAX);
    expect(status(`/purchase-journey/_next/static/chunks/app.js?${many}`)).toBe(400);
    expect(status(`/vogue/demo-single?${many.split('&').slice(1).join('&')}`)).toBeNull();
  });

  it('refuses more header lines than Node keeps with 431: one dropped unsaid (an Origin) could change the answer', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => [`x-fuzz-${i}`, 'x']).flat();
    const refused = guardRequest({
      ...request('/api/identity/links', 'POST'),
      rawHeaders: [...lines(HEADER_LINES_MAX), 'origin', 'https://evil.example'],
    });
    expect(refused && 'refuse' in refused && refused.refuse).toMatchObject({ status: 431, code: 'too_many_headers' });
    expect(guardRequest({ ...request('/api/identity/links', 'POST'), rawHeaders: lines(HEADER_LINES_MAX) })).toBeNull();
  });

  it('refuses a protocol upgrade (there is no WebSocket here), closing the connection', () => {
    const verdict = guardRequest({
      url: '/favicon.ico',
      method: 'GET',
      headers: { host: 'shop.example', upgrade: 'websocket', connection: 'Upgrade' },
    });
    expect(verdict).toEqual({
      refuse: expect.objectContaining({ status: 400, code: 'upgrade_not_supported', headers: { Connection: 'close' } }),
    });
  });

  it('answers "OPTIONS *" with what the server allows, and refuses "*" for anything else', () => {
    expect(guardRequest(request('*', 'OPTIONS'))).toEqual({
      refuse: expect.objectContaining({ status: 204, headers: { Allow: 'GET, HEAD, POST, OPTIONS' } }),
    });
    expect(status('*', 'GET')).toBe(400);
  });

  it('serves an absolute-form target naming this host as its path, and refuses another host with 421', () => {
    expect(guardRequest(request('http://shop.example/vogue/demo-single?source=x'))).toEqual({ rewrite: '/vogue/demo-single?source=x' });
    expect(status('http://evil.example/vogue/demo-single')).toBe(421);
    expect(status('shop.example:443', 'CONNECT')).toBe(400);
    expect(status('javascript:alert(1)')).toBe(400);
  });

  it('refuses a "%" not followed by two hex digits in a query, or in an endpoint\'s path', () => {
    expect(status('/api/identity/%E0%A4%A', 'POST')).toBe(400);
    expect(status('/vogue/demo-single?source=%')).toBe(400);
    // A page's own path is left to the journey's branded 400 page.
    expect(status('/vogue/%E0%A4%A')).toBeNull();
    expect(status('/vogue/demo-single?source=50%25+off')).toBeNull();
  });

  it("refuses methods pages do not answer, with Allow; a POST gets the page's own 405", () => {
    expect(status('/vogue/demo-single', 'HEAD')).toBeNull();
    expect(status('/vogue/demo-single', 'POST')).toBeNull();
    expect(status('/vogue/demo-single', 'DELETE')).toBe(405);
    const verdict = guardRequest(request('/vogue/demo-single', 'OPTIONS'));
    expect(verdict).toEqual({ refuse: expect.objectContaining({ status: 405, headers: { Allow: 'GET, HEAD' } }) });
  });
});

describe('refusalResponse', () => {
  const refusal = { status: 414, code: 'uri_too_long', message: 'The address is too long <b>.' };

  it('answers programs with our JSON error shape, never cached', () => {
    const response = refusalResponse(request('/x'), refusal);
    expect(response.headers['Content-Type']).toMatch(/^application\/json/);
    expect(response.headers['Cache-Control']).toBe('no-store');
    expect(JSON.parse(response.body)).toEqual({ error: { code: 'uri_too_long', message: refusal.message } });
  });

  it('answers a browser with a small page that escapes the message and runs no script', () => {
    const response = refusalResponse(request('/x', 'GET', { accept: 'text/html,application/xhtml+xml' }), refusal);
    expect(response.headers['Content-Type']).toMatch(/^text\/html/);
    expect(response.headers['Content-Security-Policy']).toContain("default-src 'none'");
    expect(response.body).toContain('The address is too long &#60;b&#62;.');
    expect(response.body).not.toContain('<script');
  });
});

describe('withRequestGuard', () => {
  const response = () => {
    const res = { writeHead: vi.fn(), end: vi.fn() };
    return res as unknown as ServerResponse & typeof res;
  };

  it('answers a refused request itself: the costly handler never sees it', () => {
    const handle = vi.fn();
    const res = response();
    const flood = `/vogue/demo-single?${Array.from({ length: 4000 }, () => 'x=1').join('&')}`;
    withRequestGuard(handle)(request(flood) as unknown as IncomingMessage, res);
    expect(handle).not.toHaveBeenCalled();
    expect(res.writeHead).toHaveBeenCalledWith(414, expect.any(Object));
  });

  it('hands other requests on, an absolute-form target rewritten to its path', () => {
    const handle = vi.fn();
    const req = request('http://shop.example/vogue/demo-single') as unknown as IncomingMessage;
    withRequestGuard(handle)(req, response());
    expect(handle).toHaveBeenCalledWith(expect.objectContaining({ url: '/vogue/demo-single' }), expect.anything());
  });
});

describe('answerClientError', () => {
  const socket = () => {
    const written: string[] = [];
    const fake = { writable: true, end: (text: string) => written.push(text), destroy: vi.fn() };
    return { fake: fake as unknown as Duplex, written, destroy: fake.destroy };
  };

  it('answers what Node could not parse in our JSON error shape, and closes', () => {
    const { fake, written } = socket();
    answerClientError(
      Object.assign(new Error('Parse Error: Invalid character in Content-Length'), { code: 'HPE_INVALID_CONTENT_LENGTH' }),
      fake,
    );
    expect(written[0]).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(written[0]).toContain('Connection: close');
    expect(JSON.parse(written[0]!.split('\r\n\r\n')[1]!)).toEqual({
      error: { code: 'malformed_request', message: 'The request could not be read: it is not valid HTTP.' },
    });
  });

  it('says 431 for headers too large, and writes nothing to a connection already gone', () => {
    const { fake, written } = socket();
    answerClientError(Object.assign(new Error('overflow'), { code: 'HPE_HEADER_OVERFLOW' }), fake);
    expect(written[0]).toMatch(/^HTTP\/1\.1 431 /);
    const gone = socket();
    answerClientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), gone.fake);
    expect(gone.written).toEqual([]);
    expect(gone.destroy).toHaveBeenCalled();
  });
});
