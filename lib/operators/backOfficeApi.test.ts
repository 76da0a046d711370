import { afterEach, describe, expect, it, vi } from 'vitest';
import { backOfficeApi } from './backOfficeApi';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('backOfficeApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts JSON and answers the body', async () => {
    const fetch = answer(202, { sent: true });
    vi.stubGlobal('fetch', fetch);
    expect(await backOfficeApi.requestLink('ana@example.com', '/admin/funnel')).toEqual({ sent: true });
    expect(fetch).toHaveBeenCalledWith(
      '/api/operator/links',
      expect.objectContaining({ method: 'POST', body: '{"email":"ana@example.com","returnPath":"/admin/funnel"}' }),
    );
  });

  it("shows a refused field's own problem, without the field's name", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        error: {
          code: 'invalid_body',
          message: 'The request body is not valid: code: Enter the code.',
          details: ['code: Enter the code.'],
        },
      }),
    );
    await expect(backOfficeApi.giveFactor('1')).rejects.toThrow(/^Enter the code\.$/);
  });

  it("shows the server's message otherwise, and a readable one when nothing answered", async () => {
    vi.stubGlobal('fetch', answer(400, { error: { code: 'wrong_code', message: 'That code is not right.' } }));
    await expect(backOfficeApi.giveFactor('000000')).rejects.toThrow('That code is not right.');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(backOfficeApi.signOut()).rejects.toThrow('We could not reach the server.');
  });
});
