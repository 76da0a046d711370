import type { NextApiRequest, NextApiResponse } from 'next';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRoute, parseRequest } from './apiRoute';
import { HttpError } from './HttpError';

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

async function call(handler: ReturnType<typeof apiRoute>, method: string, body?: unknown, contentType = 'application/json') {
  const res = fakeResponse();
  const headers = { 'content-type': contentType };
  await handler({ method, url: '/api/x', headers, body } as unknown as NextApiRequest, res as unknown as NextApiResponse);
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
    const route = apiRoute({ POST: async (req) => void seen.push({ ...req.headers }), GET: async (req) => void seen.push({ ...req.headers }) });
    const conditional = { 'content-type': 'application/json', 'if-none-match': '*', 'if-modified-since': 'Mon, 23 Nov 2026 00:00:00 GMT' };
    for (const method of ['POST', 'GET']) {
      await route({ method, url: '/api/x', headers: { ...conditional }, body: {} } as unknown as NextApiRequest, fakeResponse() as unknown as NextApiResponse);
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
    expect(error.details).toEqual(expect.arrayContaining(['name: must not be empty', expect.stringMatching(/^count: /), expect.stringMatching(/extra/)]));
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const res = await call(route, 'POST', ['a']);
    expect(res.statusCode).toBe(400);
    expect((res.body as { error: { details: string[] } }).error.details[0]).toMatch(/^body: /);
  });

  it('answers 400 for malformed JSON (which Next passes on as a string)', async () => {
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

  it('answers an unexpected failure with a 500 that leaks nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await call(route, 'DELETE');
    expect(res.statusCode).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('database exploded');
    expect((res.body as { error: { code: string } }).error.code).toBe('internal_error');
    expect(log).toHaveBeenCalled();
  });
});
