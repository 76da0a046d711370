/**
 * The browser's authentication state (SPEC §4): unauthenticated and not yet checked at
 * first; a verify that answers a user id authenticates and stores the expiry, then the
 * profile's e-mail is loaded; a 401 with NOT_AUTHORIZED, INVALID or MISSING, or any failed
 * call, is an error state and unauthenticated, which sends the visitor to auth/initiate.
 */
export type AuthStatus = 'unchecked' | 'checking' | 'authenticated' | 'error';

export interface AuthState {
  status: AuthStatus;
  authenticated: boolean;
  amgUUID: string | null;
  /** Session expiry, in seconds since the epoch. */
  expiresOn: number | null;
  email: string | null;
  error: { code: number; status: string } | null;
}

export type AuthEvent =
  | { type: 'verify-started' }
  /** A valid unexpired session is known from its cookie: no check is made. */
  | { type: 'session-still-valid'; expiresOn: number }
  | { type: 'verified'; amgUUID: string | null; expiresOn: number | null }
  | { type: 'verify-failed'; code: number; status: string }
  | { type: 'profile-loaded'; email: string };

export const INITIAL_AUTH_STATE: AuthState = {
  status: 'unchecked',
  authenticated: false,
  amgUUID: null,
  expiresOn: null,
  email: null,
  error: null,
};

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'verify-started':
      return { ...state, status: 'checking' };
    case 'session-still-valid':
      return { ...state, status: 'authenticated', authenticated: true, expiresOn: event.expiresOn, error: null };
    case 'verified':
      if (!event.amgUUID) return { ...INITIAL_AUTH_STATE, status: 'error', error: { code: 401, status: 'INVALID' } };
      return { ...state, status: 'authenticated', authenticated: true, amgUUID: event.amgUUID, expiresOn: event.expiresOn, error: null };
    case 'verify-failed':
      return { ...INITIAL_AUTH_STATE, status: 'error', error: { code: event.code, status: event.status } };
    case 'profile-loaded':
      return state.authenticated ? { ...state, email: event.email } : state;
  }
}

/** No check while a valid session exists: its cookie is present and now is before its expiry. */
export function sessionStillValid(cookieExpiresOn: number | null, nowSeconds: number): boolean {
  return cookieExpiresOn !== null && nowSeconds < cookieExpiresOn;
}

/** Whether the visitor must be sent to auth/initiate. */
export function mustSignIn(state: AuthState): boolean {
  return state.status === 'error' && !state.authenticated;
}
