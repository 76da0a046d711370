// @vitest-environment jsdom
import { BUILT_IN_TRACKING_ENV } from '@/tests/fixtures/trackingEnv';
import { render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApiClient, type FakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { flowFixture } from '@/tests/fixtures/flows';
import type { JourneyFrame, JourneyPageProps } from '@/lib/journey/viewModels';
import type { ReactNode } from 'react';
import { ApiClientProvider } from './ApiClientProvider';
import { ShellProviders } from './ShellProviders';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

const replace = vi.fn(async (_url: string) => true);
const asPath = '/epicurious/demo-preauth/cart?livemode=false&source=nl';
vi.mock('next/router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/router')>()),
  useRouter: () => ({ asPath, replace, beforePopState: vi.fn() }),
}));

function frame(enablePreAuth: boolean): JourneyFrame {
  const flow = flowFixture();
  return {
    kind: 'journey',
    base: '/epicurious/demo-preauth',
    flow: { ...flow, data: { ...flow.data, config: { enablePreAuth } } },
    mode: { livemode: false, source: 'nl' },
    search: '?livemode=false&source=nl',
    tracking: BUILT_IN_TRACKING_ENV,
    consentCookie: null,
    i18n: pageWordsFixture(),
  };
}

function props(enablePreAuth: boolean, step: 'cart' | 'auth-initiate' | 'auth-complete' = 'cart'): JourneyPageProps {
  if (step === 'auth-initiate')
    return { ...frame(enablePreAuth), step, view: { returnSegments: ['cart'], offerName: null, signedIn: false, prefillEmail: null } };
  if (step === 'auth-complete') return { ...frame(enablePreAuth), step, view: { authError: 'invalid' } };
  return { ...frame(enablePreAuth), step, view: { order: null, notice: null, paidOrder: false, alreadySubscribed: false } };
}

// The gate's own calls are counted here; tracking (which also fetches) has its own tests.
vi.mock('./Tracking', () => ({ TrackingProvider: ({ children }: { children: ReactNode }) => children }));

let api: FakeApiClient;
beforeEach(() => {
  replace.mockClear();
  api = createFakeApiClient();
  Cookies.remove('CN_token_access_expires');
  window.localStorage.clear();
});

const page = (pageProps: JourneyPageProps) =>
  render(
    <ApiClientProvider client={api}>
      <ShellProviders pageProps={pageProps}>
        <p>the page</p>
      </ShellProviders>
    </ApiClientProvider>,
  );

describe('PreAuthGate', () => {
  it('does nothing where pre-auth is off', () => {
    page(props(false));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it.each(['auth-initiate', 'auth-complete'] as const)('skips the authentication page %s', (step) => {
    page(props(true, step));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('shows the general-processing loader while checking, then sends an unknown visitor to auth/initiate with the query', async () => {
    const check = api.defer('verifySession');
    page(props(true));
    expect(screen.getByRole('status').getAttribute('data-loader')).toBe('general-processing');
    expect(screen.queryByText('the page')).toBeNull();
    // The check's code loads with the gate (a dynamic import), then asks once.
    await waitFor(() => expect(api.callsOf('verifySession')).toEqual([[false]]));
    expect(screen.getByRole('status').getAttribute('data-loader')).toBe('general-processing');
    expect(screen.queryByText('the page')).toBeNull();
    check.resolve({ type: 'verify-failed', code: 401, status: 'MISSING' });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/epicurious/demo-preauth/auth/initiate/cart?livemode=false&source=nl'));
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('sends the visitor to sign in when the check cannot be made', async () => {
    api.answer('verifySession', { type: 'verify-failed', code: 0, status: 'NETWORK' });
    page(props(true));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/epicurious/demo-preauth/auth/initiate/cart?livemode=false&source=nl'));
  });

  it('shows the page to a verified visitor, stores the expiry and loads the profile', async () => {
    api
      .answer('verifySession', { type: 'verified', amgUUID: 'u-1', expiresOn: 1_900_000_000 })
      .answer('loadProfileEmail', 'ada@example.com');
    page(props(true));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('CN_token_access')!)).toEqual({ expiresOn: 1_900_000_000 });
    await waitFor(() => expect(api.callsOf('loadProfileEmail')).toEqual([[false]]));
    expect(api.calls.map((call) => call.method)).toEqual(['verifySession', 'loadProfileEmail']);
    expect(replace).not.toHaveBeenCalled();
  });

  it('makes no check while the session cookie says it is valid', async () => {
    Cookies.set('CN_token_access_expires', String(Math.floor(Date.now() / 1000) + 3600));
    page(props(true));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('checks again once that session has expired', async () => {
    Cookies.set('CN_token_access_expires', String(Math.floor(Date.now() / 1000) - 1));
    api.answer('verifySession', { type: 'verify-failed', code: 401, status: 'NOT_AUTHORIZED' });
    page(props(true));
    await waitFor(() => expect(replace).toHaveBeenCalled());
    expect(api.callsOf('verifySession')).toHaveLength(1);
  });
});
