import { afterEach, describe, expect, it, vi } from 'vitest';
import { initiatePathFor, verifySession } from './authClient';

afterEach(() => vi.unstubAllGlobals());

describe('initiatePathFor', () => {
  it.each([
    ['/epicurious/demo-preauth', '/epicurious/demo-preauth/auth/initiate'],
    ['/epicurious/demo-preauth?livemode=false&source=x', '/epicurious/demo-preauth/auth/initiate?livemode=false&source=x'],
    ['/epicurious/demo-preauth/cart?source=x', '/epicurious/demo-preauth/auth/initiate/cart?source=x'],
    ['/epicurious/demo-preauth/credit-card#top', '/epicurious/demo-preauth/auth/initiate/credit-card'],
  ])('%s → %s', (from, to) => {
    expect(initiatePathFor(from)).toBe(to);
  });
});

describe('verifySession', () => {
  const answer = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () => Response.json(body, { status })));

  it('sends JSON headers and the livemode header', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ amgUUID: 'u', expires_on: 5 }));
    vi.stubGlobal('fetch', fetchMock);
    await verifySession(false);
    expect(fetchMock.mock.calls[0]![0]).toBe('/martech/api/user/v2/authenticate/verify');
    expect(fetchMock.mock.calls[0]![1]?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', livemode: 'false' });
  });

  it.each([
    [200, { amgUUID: 'u-1', expires_on: 1_900_000_000 }, { type: 'verified', amgUUID: 'u-1', expiresOn: 1_900_000_000 }],
    [401, { error: { code: 401, status: 'MISSING' } }, { type: 'verify-failed', code: 401, status: 'MISSING' }],
    [401, { error: { code: 401, status: 'NOT_AUTHORIZED' } }, { type: 'verify-failed', code: 401, status: 'NOT_AUTHORIZED' }],
    [500, 'oops', { type: 'verify-failed', code: 500, status: 'INVALID' }],
  ])('answers %s %j as %o', async (status, body, event) => {
    answer(status, body);
    expect(await verifySession(true)).toEqual(event);
  });

  it('treats a network failure as a failed check', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await verifySession(true)).toEqual({ type: 'verify-failed', code: 0, status: 'NETWORK' });
  });
});
