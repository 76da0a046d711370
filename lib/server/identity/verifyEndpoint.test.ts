import type { NextApiRequest, NextApiResponse } from 'next';
import { describe, expect, it } from 'vitest';
import type { SessionIdentity } from './sessionIdentity';
import { checkLivemodeHeader, profile, verify } from './verifyEndpoint';

/** The identity endpoints' own rules (SPEC §6), over a session identity that answers from a table. */

const SIGNED_IN = 'session=good';
const sessions: SessionIdentity = {
  async verify(cookieHeader) {
    return cookieHeader === SIGNED_IN
      ? { status: 200, body: { amgUUID: 'amg-1', expires_on: 1_900_000_000 } }
      : { status: 401, body: { error: { code: 401, status: 'MISSING' } } };
  },
  async email(cookieHeader) {
    return cookieHeader === SIGNED_IN ? 'ada@example.com' : null;
  },
};

function request(headers: Record<string, string> = {}): NextApiRequest {
  return { headers } as unknown as NextApiRequest;
}

function response() {
  const res = {
    statusCode: 200,
    headers: {} as Record<string, string | string[]>,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      res.headers[name.toLowerCase()] = value;
      return res;
    },
  };
  return res as unknown as NextApiResponse & { statusCode: number; headers: Record<string, string | string[]> };
}

describe('checkLivemodeHeader', () => {
  it.each([undefined, 'true', 'false'])('takes %s', (value) => {
    expect(checkLivemodeHeader(request(value === undefined ? {} : { livemode: value }))).toBe(value);
  });

  it('refuses anything else with a 400 naming the header', () => {
    expect(() => checkLivemodeHeader(request({ livemode: 'yes' }))).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_livemode_header' }),
    );
  });
});

describe('verify', () => {
  it('answers amgUUID and expires_on for a signed-in visitor, never cached', async () => {
    const res = response();
    expect(await verify(request({ cookie: SIGNED_IN }), res, { sessions })).toEqual({ amgUUID: 'amg-1', expires_on: 1_900_000_000 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers the spec's 401 error body for anyone else", async () => {
    const res = response();
    expect(await verify(request(), res, { sessions })).toEqual({ error: { code: 401, status: 'MISSING' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("renews the built-in identity's readable expiry with the answer, outside the spec's body", async () => {
    const renewing: SessionIdentity = {
      ...sessions,
      verify: async () => ({
        status: 200,
        body: { amgUUID: 'amg-1', expires_on: 1_800_000_000 },
        setCookies: ['CN_token_access_expires=1800000000; Path=/'],
      }),
    };
    const res = response();
    expect(await verify(request({ cookie: SIGNED_IN }), res, { sessions: renewing })).toEqual({
      amgUUID: 'amg-1',
      expires_on: 1_800_000_000,
    });
    expect(res.headers['set-cookie']).toEqual(['CN_token_access_expires=1800000000; Path=/']);
  });
});

describe('profile', () => {
  it("answers the signed-in visitor's e-mail", async () => {
    const res = response();
    expect(await profile(request({ cookie: SIGNED_IN }), res, { sessions })).toEqual({ email: 'ada@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers verify's 401 when nobody is signed in", async () => {
    const res = response();
    expect(await profile(request(), res, { sessions })).toEqual({ error: { code: 401, status: 'MISSING' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 NOT_AUTHORIZED when the session verifies but holds no e-mail', async () => {
    const res = response();
    const withoutEmail: SessionIdentity = { ...sessions, email: async () => null };
    expect(await profile(request({ cookie: SIGNED_IN }), res, { sessions: withoutEmail })).toEqual({
      error: { code: 401, status: 'NOT_AUTHORIZED' },
    });
    expect(res.statusCode).toBe(401);
  });
});
