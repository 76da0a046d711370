import { describe, expect, it } from 'vitest';
import { authReducer, INITIAL_AUTH_STATE, mustSignIn, sessionStillValid, type AuthEvent, type AuthState } from './authMachine';

const run = (events: AuthEvent[], from: AuthState = INITIAL_AUTH_STATE) => events.reduce(authReducer, from);

describe('authReducer', () => {
  it('starts unauthenticated and unchecked', () => {
    expect(INITIAL_AUTH_STATE).toMatchObject({ status: 'unchecked', authenticated: false });
    expect(mustSignIn(INITIAL_AUTH_STATE)).toBe(false);
  });

  it.each<[string, AuthEvent[], Partial<AuthState>, boolean]>([
    ['checking', [{ type: 'verify-started' }], { status: 'checking', authenticated: false }, false],
    [
      'verified with a user id',
      [{ type: 'verify-started' }, { type: 'verified', amgUUID: 'u-1', expiresOn: 2_000_000_000 }],
      { status: 'authenticated', authenticated: true, amgUUID: 'u-1', expiresOn: 2_000_000_000, email: null },
      false,
    ],
    [
      'then the profile e-mail',
      [
        { type: 'verified', amgUUID: 'u-1', expiresOn: 1 },
        { type: 'profile-loaded', email: 'ada@example.com' },
      ],
      { authenticated: true, email: 'ada@example.com' },
      false,
    ],
    ['verified without a user id', [{ type: 'verified', amgUUID: null, expiresOn: 1 }], { status: 'error', authenticated: false }, true],
    ...(['NOT_AUTHORIZED', 'INVALID', 'MISSING'] as const).map((status): [string, AuthEvent[], Partial<AuthState>, boolean] => [
      `401 ${status}`,
      [{ type: 'verify-started' }, { type: 'verify-failed', code: 401, status }],
      { status: 'error', authenticated: false, error: { code: 401, status } },
      true,
    ]),
    ['a failed call', [{ type: 'verify-failed', code: 0, status: 'NETWORK' }], { status: 'error', authenticated: false }, true],
    [
      'a failure after a success signs out',
      [
        { type: 'verified', amgUUID: 'u-1', expiresOn: 1 },
        { type: 'verify-failed', code: 401, status: 'NOT_AUTHORIZED' },
      ],
      { authenticated: false, amgUUID: null },
      true,
    ],
    [
      'a session still valid from its cookie',
      [{ type: 'session-still-valid', expiresOn: 9 }],
      { status: 'authenticated', authenticated: true, expiresOn: 9 },
      false,
    ],
    ['a profile without a session is ignored', [{ type: 'profile-loaded', email: 'x@example.com' }], { email: null }, false],
  ])('%s', (_name, events, expected, redirect) => {
    const state = run(events);
    expect(state).toMatchObject(expected);
    expect(mustSignIn(state)).toBe(redirect);
  });
});

describe('sessionStillValid', () => {
  it.each([
    [null, 100, false],
    [101, 100, true],
    [100, 100, false],
    [99, 100, false],
  ])('cookie expiry %s at %s → %s', (expiresOn, now, valid) => {
    expect(sessionStillValid(expiresOn, now)).toBe(valid);
  });
});
