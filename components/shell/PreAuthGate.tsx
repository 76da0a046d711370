import { useEffect, useReducer, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import Cookies from 'js-cookie';
import { Loader } from '../ui/Loader';
import { useOptionalCheckoutConfig } from './CheckoutConfig';
import { authReducer, INITIAL_AUTH_STATE, mustSignIn, sessionStillValid } from '@/lib/auth/authMachine';
import { initiatePathFor, loadProfileEmail, verifySession } from '@/lib/auth/authClient';
import { SESSION_EXPIRY_COOKIE, TOKEN_ACCESS_STORAGE_KEY } from '@/lib/auth/sessionCookieNames';
import { isAuthControllerStep } from '@/lib/journey/steps';

function cookieExpiry(): number | null {
  const value = Number(Cookies.get(SESSION_EXPIRY_COOKIE));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The pre-auth check (SPEC §2, §4): on campaigns with enablePreAuth, the page shows only
 * once the visitor's session is verified; meanwhile the general-processing loader shows,
 * and a visitor who is not signed in is sent to auth/initiate with the query kept. The
 * authentication pages themselves skip it, and so does a valid unexpired session.
 */
export function PreAuthGate({ children }: { children: ReactNode }) {
  const config = useOptionalCheckoutConfig();
  const router = useRouter();
  const gated = Boolean(config?.flow.data.config.enablePreAuth) && !isAuthControllerStep(config!.location.step);
  const [state, dispatch] = useReducer(authReducer, INITIAL_AUTH_STATE);
  const livemode = config?.mode.livemode ?? true;

  useEffect(() => {
    if (!gated) return undefined;
    const expiry = cookieExpiry();
    if (expiry !== null && sessionStillValid(expiry, Math.floor(Date.now() / 1000))) {
      dispatch({ type: 'session-still-valid', expiresOn: expiry });
      return undefined;
    }
    let cancelled = false;
    dispatch({ type: 'verify-started' });
    void verifySession(livemode).then(async (event) => {
      if (cancelled) return;
      dispatch(event);
      if (event.type === 'verified' && event.amgUUID) {
        try {
          window.localStorage.setItem(TOKEN_ACCESS_STORAGE_KEY, JSON.stringify({ expiresOn: event.expiresOn }));
        } catch {
          // storage blocked: the cookie still carries the expiry
        }
        const email = await loadProfileEmail(livemode);
        if (!cancelled && email) dispatch({ type: 'profile-loaded', email });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [gated, livemode]);

  useEffect(() => {
    if (gated && mustSignIn(state)) void router.replace(initiatePathFor(router.asPath));
  }, [gated, state, router]);

  if (!gated || state.authenticated) return <>{children}</>;
  return <Loader type="general-processing" label="Checking your sign-in…" />;
}
