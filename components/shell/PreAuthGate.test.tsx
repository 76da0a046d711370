// @vitest-environment jsdom
import { BUILT_IN_TRACKING_ENV } from '@/tests/fixtures/trackingEnv';
import { render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flowFixture } from '@/tests/fixtures/flows';
import type { JourneyPageProps } from '@/lib/journey/pageProps';
import type { AvailableStepId } from '@/lib/journey/steps';
import type { ReactNode } from 'react';
import { ShellProviders } from './ShellProviders';

const replace = vi.fn(async (_url: string) => true);
const asPath = '/epicurious/demo-preauth/cart?livemode=false&source=nl';
vi.mock('next/router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/router')>()),
  useRouter: () => ({ asPath, replace }),
}));

function props(enablePreAuth: boolean, step: AvailableStepId = 'cart'): JourneyPageProps {
  const flow = flowFixture();
  return {
    kind: 'journey',
    flow: { ...flow, data: { ...flow.data, config: { enablePreAuth } } },
    mode: { livemode: false, source: 'nl' },
    search: '?livemode=false&source=nl',
    location: { base: '/epicurious/demo-preauth', step, returnSegments: [] },
    crossSells: [],
    transaction: null,
    payments: null,
    authError: null,
    tracking: BUILT_IN_TRACKING_ENV,
  };
}

// The gate's own calls are counted here; tracking (which also fetches) has its own tests.
vi.mock('./Tracking', () => ({ TrackingProvider: ({ children }: { children: ReactNode }) => children }));

const fetchMock = vi.fn();
beforeEach(() => {
  replace.mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  Cookies.remove('CN_token_access_expires');
  window.localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const page = (pageProps: JourneyPageProps) =>
  render(
    <ShellProviders pageProps={pageProps}>
      <p>the page</p>
    </ShellProviders>,
  );

describe('PreAuthGate', () => {
  it('does nothing where pre-auth is off', () => {
    page(props(false));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('skips the authentication pages', () => {
    page(props(true, 'auth-initiate' as AvailableStepId));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the general-processing loader while checking, then sends an unknown visitor to auth/initiate with the query', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: { code: 401, status: 'MISSING' } }, { status: 401 }));
    page(props(true));
    expect(screen.getByRole('status').getAttribute('data-loader')).toBe('general-processing');
    expect(screen.queryByText('the page')).toBeNull();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/epicurious/demo-preauth/auth/initiate/cart?livemode=false&source=nl'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/martech/api/user/v2/authenticate/verify');
  });

  it('sends the visitor to sign in when the check cannot be made', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    page(props(true));
    await waitFor(() => expect(replace).toHaveBeenCalled());
  });

  it('shows the page to a verified visitor, stores the expiry and loads the profile', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ amgUUID: 'u-1', expires_on: 1_900_000_000 }));
    fetchMock.mockResolvedValueOnce(Response.json({ email: 'ada@example.com' }));
    page(props(true));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('CN_token_access')!)).toEqual({ expiresOn: 1_900_000_000 });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/martech/api/user/v2/profile');
    expect(replace).not.toHaveBeenCalled();
  });

  it('makes no check while the session cookie says it is valid', () => {
    Cookies.set('CN_token_access_expires', String(Math.floor(Date.now() / 1000) + 3600));
    page(props(true));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks again once that session has expired', async () => {
    Cookies.set('CN_token_access_expires', String(Math.floor(Date.now() / 1000) - 1));
    fetchMock.mockResolvedValueOnce(Response.json({ error: { code: 401, status: 'NOT_AUTHORIZED' } }, { status: 401 }));
    page(props(true));
    await waitFor(() => expect(replace).toHaveBeenCalled());
  });
});

