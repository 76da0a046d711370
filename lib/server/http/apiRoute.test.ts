import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { NextApiRequest, NextApiResponse } from 'next';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRoute, DEFAULT_MAX_BODY_BYTES, parseRequest } from './apiRoute';
import { HttpError } from './HttpError';
import { readRawBody } from './rawBody';

function fakeResponse() {
  const res = {
    statusCode: 200,
    headers: {} as Record<string, string>,
    body: undefined as unknown,
    headersSent: false,
    setHeader(name: string, value: string) {
      res.headers[name] = value;
      return res;
    },
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    json(body: unknown) {
      res.body = body;
      res.headersSent = true;
      return res;
    },
  };
  return res;
}

/** A request as Node hands it over with Next's body parser off: its body is a stream of bytes. */
function fakeRequest(method: string, headers: Record<string, string>, body: Readable | readonly (string | Buffer)[] = []) {
  const stream = body instanceof Readable ? body : Readable.from(body.map((chunk) => Buffer.from(chunk)));
  return Object.assign(stream, { method, url: '/api/x', headers }) as unknown as NextApiRequest;
}

/** Calls a route with a body (a string as it is, anything else as JSON). */
async function call(
  handler: ReturnType<typeof apiRoute>,
  method: string,
  body?: unknown,
  contentType = 'application/json',
  headers: Record<string, string> = {},
) {
  const res = fakeResponse();
  const raw = body === undefined ? [] : [typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body)];
  await handler(fakeRequest(method, { 'content-type': contentType, ...headers }, raw), res as unknown as NextApiResponse);
  return res;
}

const schema = z.strictObject({ name: z.string().min(1, 'must not be empty'), count: z.number().int() });

describe('apiRoute', () => {
  const route = apiRoute({
    POST: async (req) => parseRequest(schema, req.body, 'body'),
    GET: async () => {
      throw new HttpError(404, 'not_found', 'Nothing here.');
    },
    DELETE: async () => {
      throw new Error('database exploded');
    },
  });

  it('answers with the handler result as JSON', async () => {
    const res = await call(route, 'POST', { name: 'a', count: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ name: 'a', count: 1 });
  });

  it("takes away a POST's conditional headers, so that Next never answers it with a bare 304", async () => {
    const seen: Record<string, unknown>[] = [];
    const route = apiRoute({
      POST: async (req) => void seen.push({ ...req.headers }),
      GET: async (req) => void seen.push({ ...req.headers }),
    });
    const conditional = { 'content-type': 'application/json', 'if-none-match': '*', 'if-modified-since': 'Mon, 23 Nov 2026 00:00:00 GMT' };
    for (const method of ['POST', 'GET']) {
      await route(fakeRequest(method, { ...conditional }, ['{}']), fakeResponse() as unknown as NextApiResponse);
    }
    expect(seen[0]).not.toHaveProperty('if-none-match');
    expect(seen[0]).not.toHaveProperty('if-modified-since');
    // A GET may still be revalidated.
    expect(seen[1]).toMatchObject({ 'if-none-match': '*' });
  });

  it('answers 405 with Allow for a method it has no handler for', async () => {
    const res = await call(route, 'PUT');
    expect(res.statusCode).toBe(405);
    expect(res.headers.Allow).toBe('POST, GET, DELETE');
    expect(res.body).toEqual({ error: { code: 'method_not_allowed', message: 'PUT is not allowed here; use POST, GET, DELETE.' } });
  });

  it('answers 400 naming each bad field', async () => {
    const res = await call(route, 'POST', { name: '', count: 1.5, extra: true });
    expect(res.statusCode).toBe(400);
    const { error } = res.body as { error: { code: string; details: string[] } };
    expect(error.code).toBe('invalid_body');
    expect(error.details).toEqual(
      expect.arrayContaining(['name: must not be empty', expect.stringMatching(/^count: /), expect.stringMatching(/extra/)]),
    );
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const res = await call(route, 'POST', ['a']);
    expect(res.statusCode).toBe(400);
    expect((res.body as { error: { details: string[] } }).error.details[0]).toMatch(/^body: /);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await call(route, 'POST', '{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await call(route, 'POST', 'name=a', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect((res.body as { error: { code: string } }).error.code).toBe('unsupported_media_type');
  });

  it('maps an HttpError to its status', async () => {
    const res = await call(route, 'GET');
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Nothing here.' } });
  });

  it('sends Retry-After with an HttpError that has one, and never its cause', async () => {
    const unavailable = apiRoute({
      POST: async () => {
        throw new HttpError(503, 'down', 'Down for now.', undefined, {
          retryAfterSeconds: 120,
          cause: new Error('ECONNREFUSED 10.0.0.7:443'),
        });
      },
    });
    const res = await call(unavailable, 'POST', {});
    expect(res.statusCode).toBe(503);
    expect(res.headers['Retry-After']).toBe('120');
    expect(res.body).toEqual({ error: { code: 'down', message: 'Down for now.' } });
    expect((await call(route, 'GET')).headers['Retry-After']).toBeUndefined();
  });

  it('answers an unexpected failure with a 500 that leaks nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await call(route, 'DELETE');
    expect(res.statusCode).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('database exploded');
    expect((res.body as { error: { code: string } }).error.code).toBe('internal_error');
    expect(log).toHaveBeenCalled();
  });

  it('answers the database being away for a moment with a 503 and Retry-After, not a 500', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const away = apiRoute({
      GET: async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      },
    });
    const res = await call(away, 'GET');
    expect(res.statusCode).toBe(503);
    expect(res.headers['Retry-After']).toBe('5');
    expect((res.body as { error: { code: string } }).error.code).toBe('service_unavailable');
    expect(JSON.stringify(res.body)).not.toContain('administrator');
    log.mockRestore();
  });
});

describe('apiRoute request bodies (read here: Next answers its own refusals in plain text)', () => {
  const LIMIT = 8 * 1024;
  const seen: unknown[] = [];
  const route = apiRoute(
    {
      POST: async (req) => {
        seen.push(req.body);
        return { received: req.body as unknown };
      },
      GET: async () => ({ ok: true }),
    },
    { maxBodyBytes: LIMIT },
  );
  const errorOf = (res: ReturnType<typeof fakeResponse>) => (res.body as { error: { code: string; message: string } }).error;

  it.each([
    ['application/json', '{"a":1}'],
    ['application/json; charset=utf-8', '{"a":1}'],
    ['Application/JSON;charset="UTF-8"', '{"a":1}'],
    ['application/json', '\uFEFF{"a":1}'],
  ])('takes %s', async (type, text) => {
    const res = await call(route, 'POST', text, type);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ received: { a: 1 } });
  });

  it.each([
    ['no type', ''],
    ['form data', 'application/x-www-form-urlencoded'],
    ['text', 'text/plain'],
    ['a JSON-like type', 'application/json-patch+json'],
    ['another charset', 'application/json; charset=iso-8859-1'],
  ])('answers 415 in our JSON shape for %s', async (_name, type) => {
    const res = await call(route, 'POST', '{"a":1}', type);
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).code).toBe('unsupported_media_type');
  });

  it.each([
    ['gzip', gzipSync('{"a":1}')],
    ['br', '{"a":1}'],
    ['identity, gzip', gzipSync('{"a":1}')],
    ['x-unknown', '{"a":1}'],
  ])('refuses a body with Content-Encoding %s: 415, before reading it', async (encoding, body) => {
    const res = await call(route, 'POST', body, 'application/json', { 'content-encoding': encoding });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res)).toEqual({ code: 'unsupported_encoding', message: expect.stringContaining('uncompressed') });
    expect(res.headers.Connection).toBe('close');
  });

  it('takes a body declared identity', async () => {
    expect((await call(route, 'POST', '{"a":1}', 'application/json', { 'content-encoding': 'identity' })).statusCode).toBe(200);
  });

  it('refuses a declared Content-Length over the limit before reading a byte, naming the limit', async () => {
    const before = seen.length;
    // A body that never comes: only a refusal that does not wait for it can answer.
    const never = new Readable({ read() {} });
    const res = fakeResponse();
    await route(
      fakeRequest('POST', { 'content-type': 'application/json', 'content-length': String(LIMIT + 1) }, never),
      res as unknown as NextApiResponse,
    );
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({
      code: 'payload_too_large',
      message: 'The request body is larger than this endpoint accepts: at most 8 KiB (8192 bytes).',
    });
    expect(res.headers.Connection).toBe('close');
    expect(seen.length).toBe(before);
  });

  it('cuts off a chunked body at the limit: 413, the rest never read, the connection closed', async () => {
    let pulled = 0;
    // An endless chunked upload.
    const endless = new Readable({
      read() {
        pulled += 1;
        this.push(Buffer.alloc(1024, 0x20));
      },
    });
    const res = fakeResponse();
    await route(fakeRequest('POST', { 'content-type': 'application/json' }, endless), res as unknown as NextApiResponse);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).code).toBe('payload_too_large');
    expect(res.headers.Connection).toBe('close');
    // Stopped at the limit (plus what the stream buffers ahead), not read to the end.
    expect(pulled).toBeLessThan(LIMIT / 1024 + 32);
  });

  it('takes a body of exactly the limit', async () => {
    const text = JSON.stringify({ pad: '' });
    const body = JSON.stringify({ pad: 'x'.repeat(LIMIT - text.length) });
    expect(Buffer.byteLength(body)).toBe(LIMIT);
    expect((await call(route, 'POST', body)).statusCode).toBe(200);
    expect((await call(route, 'POST', JSON.stringify({ pad: 'x'.repeat(LIMIT - text.length + 1) }))).statusCode).toBe(413);
  });

  it('has Next’s own default limit, 1 MiB, unless the route says less', async () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(1024 * 1024);
    const loose = apiRoute({ POST: async (req) => ({ length: (req.body as string).length }) });
    expect((await call(loose, 'POST', JSON.stringify('x'.repeat(DEFAULT_MAX_BODY_BYTES - 2)))).statusCode).toBe(200);
    expect((await call(loose, 'POST', JSON.stringify('x'.repeat(DEFAULT_MAX_BODY_BYTES - 1)))).statusCode).toBe(413);
  });

  it.each([
    ['an empty body', '', 'empty_body'],
    ['only blanks', ' \n ', 'empty_body'],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 'invalid_encoding'],
    ['malformed JSON', '{"a":', 'invalid_json'],
    ['JSON with a trailing comma', '{"a":1,}', 'invalid_json'],
  ])('answers 400 in our JSON shape for %s', async (_name, body, code) => {
    const res = await call(route, 'POST', body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe(code);
  });

  it('reads no body for a GET', async () => {
    const res = await call(route, 'GET', 'not json at all', 'text/plain');
    expect(res.statusCode).toBe(200);
  });

  it('leaves a raw route its body to read itself, as sent', async () => {
    const raw = apiRoute({ POST: async (req) => ({ bytes: (await readRawBody(req, 64)).toString('hex') }) }, { body: 'raw' });
    const res = await call(raw, 'POST', 'sig=1', 'text/plain');
    expect(res.body).toEqual({ bytes: Buffer.from('sig=1').toString('hex') });
    expect((await call(raw, 'POST', 'x'.repeat(65), 'text/plain')).statusCode).toBe(413);
  });

  it('fails loudly rather than waiting for ever when Next read the body already (a route without bodyParser: false)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const consumed = Readable.from([Buffer.from('{}')]);
    for await (const chunk of consumed) void chunk;
    const res = fakeResponse();
    await route(fakeRequest('POST', { 'content-type': 'application/json' }, consumed), res as unknown as NextApiResponse);
    expect(res.statusCode).toBe(500);
    expect(log).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ message: expect.stringContaining('bodyParser: false') }),
    );
    log.mockRestore();
  });
});

describe('apiRoute options: forms, an optional body, the same-origin guard', () => {
  const echo = async (req: NextApiRequest) => ({ received: (req.body as unknown) ?? null });
  const errorOf = (res: ReturnType<typeof fakeResponse>) => (res.body as { error: { code: string; message: string } }).error;

  it("takes an HTML form's body as an object of strings where forms are taken, and JSON still", async () => {
    const forms = apiRoute({ POST: echo }, { body: 'form' });
    const form = await call(
      forms,
      'POST',
      'token=abc&page=%2Faccount%2Fsign-in%2Fcomplete%3Ftoken%3Dabc',
      'application/x-www-form-urlencoded',
    );
    expect(form.body).toEqual({ received: { token: 'abc', page: '/account/sign-in/complete?token=abc' } });
    expect((await call(forms, 'POST', { token: 'abc' })).body).toEqual({ received: { token: 'abc' } });
    const twice = await call(forms, 'POST', 'token=a&token=b', 'application/x-www-form-urlencoded');
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).code).toBe('invalid_form');
    expect((await call(forms, 'POST', 'x', 'text/plain')).statusCode).toBe(415);
    // A JSON route still refuses a form.
    expect((await call(apiRoute({ POST: echo }), 'POST', 'a=1', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
  });

  it('hands an absent body over as undefined where a body is optional, and reads one that is sent', async () => {
    const optional = apiRoute({ POST: echo }, { optionalBody: true });
    const res = fakeResponse();
    await optional(fakeRequest('POST', {}), res as unknown as NextApiResponse);
    expect(res.body).toEqual({ received: null });
    expect((await call(optional, 'POST', '', 'application/json', { 'content-length': '0' })).body).toEqual({ received: null });
    expect((await call(optional, 'POST', { everywhere: true }, 'application/json', { 'content-length': '18' })).body).toEqual({
      received: { everywhere: true },
    });
    // Without the option an empty body is still a mistake.
    expect(errorOf(await call(apiRoute({ POST: echo }), 'POST', '', 'application/json', { 'content-length': '0' })).code).toBe(
      'empty_body',
    );
  });

  it('refuses a cross-site POST before reading its body, and lets a same-origin one through', async () => {
    const guarded = apiRoute({ POST: echo, GET: async () => ({ ok: true }) }, { body: 'form', sameOriginOnly: true });
    const site = { host: 'localhost:3000' };
    const crossSite = await call(guarded, 'POST', 'token=abc', 'application/x-www-form-urlencoded', {
      ...site,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(errorOf(crossSite)).toEqual({ code: 'cross_site_request', message: expect.stringContaining('another site') });
    expect(crossSite.headers.Connection).toBe('close');

    const sameOrigin = await call(guarded, 'POST', 'token=abc', 'application/x-www-form-urlencoded', {
      ...site,
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.body).toEqual({ received: { token: 'abc' } });
    expect((await call(guarded, 'POST', { token: 'abc' }, 'application/json', site)).statusCode).toBe(200);
    expect((await call(guarded, 'GET', undefined, 'application/json', { ...site, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
  });
});
