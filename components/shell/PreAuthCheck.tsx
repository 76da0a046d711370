import { useEffect, useReducer, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import Cookies from 'js-cookie';
import { Loader } from '@/components/ui/Loader';
import { authReducer, INITIAL_AUTH_STATE, mustSignIn, sessionStillValid } from '@/lib/identity/authMachine';
import { initiatePathFor } from '@/lib/identity/initiatePath';
import { useApiClient } from './ApiClientProvider';
import { useWords } from './I18n';
import { SESSION_EXPIRY_COOKIE, TOKEN_ACCESS_STORAGE_KEY } from '@/lib/identity/sessionCookieNames';

function cookieExpiry(): number | null {
  const value = Number(Cookies.get(SESSION_EXPIRY_COOKIE));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The pre-auth check (SPEC §2, §4) of a gated page: the page shows only once the visitor's
 * session is verified; meanwhile the general-processing loader shows, and a visitor who is
 * not signed in is sent to auth/initiate with the query kept. A valid unexpired session
 * skips the call.
 */
export default function PreAuthCheck({ children, livemode }: { children: ReactNode; livemode: boolean }) {
  const router = useRouter();
  const api = useApiClient();
  const [state, dispatch] = useReducer(authReducer, INITIAL_AUTH_STATE);
  const { t } = useWords();

  useEffect(() => {
    const expiry = cookieExpiry();
    if (expiry !== null && sessionStillValid(expiry, Math.floor(Date.now() / 1000))) {
      dispatch({ type: 'session-still-valid', expiresOn: expiry });
      return undefined;
    }
    let cancelled = false;
    dispatch({ type: 'verify-started' });
    void api.verifySession(livemode).then(async (event) => {
      if (cancelled) return;
      dispatch(event);
      if (event.type === 'verified' && event.amgUUID) {
        try {
          window.localStorage.setItem(TOKEN_ACCESS_STORAGE_KEY, JSON.stringify({ expiresOn: event.expiresOn }));
        } catch {
          // storage blocked: the cookie still carries the expiry
        }
        const email = await api.loadProfileEmail(livemode);
        if (!cancelled && email) dispatch({ type: 'profile-loaded', email });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [api, livemode]);

  useEffect(() => {
    if (mustSignIn(state)) void router.replace(initiatePathFor(router.asPath));
  }, [state, router]);

  if (state.authenticated) return <>{children}</>;
  return <Loader type="general-processing" label={t('common.loader.checkingSignIn')} />;
}
