import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './HttpError';

describe('HttpError', () => {
  it('is recognised whichever copy of the module made it (pages and API routes are bundled apart)', async () => {
    // A second copy of the module, as the bundler gives a page and an API route each their own.
    vi.resetModules();
    const copy = await import('./HttpError');
    expect(copy.HttpError).not.toBe(HttpError);
    const fromGateway = new copy.HttpError(503, 'payment_provider_unavailable', 'Down.');
    expect(fromGateway instanceof HttpError).toBe(true);
  });

  it('recognises nothing else', () => {
    expect(new Error('x') instanceof HttpError).toBe(false);
    expect({ status: 503, code: 'x', message: 'y' } instanceof HttpError).toBe(false);
    expect((null as unknown) instanceof HttpError).toBe(false);
  });

  it('keeps the prototype check for subclasses', () => {
    class Special extends HttpError {}
    expect(new Special(400, 'x', 'y') instanceof Special).toBe(true);
    expect(new HttpError(400, 'x', 'y') instanceof Special).toBe(false);
    expect(new Special(400, 'x', 'y') instanceof HttpError).toBe(true);
  });

  it('keeps Retry-After and the cause, which is never part of the message', () => {
    const cause = new Error('ECONNREFUSED');
    const error = new HttpError(503, 'down', 'Down for now.', undefined, { retryAfterSeconds: 120, cause });
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: 120, message: 'Down for now.', cause });
  });
});
