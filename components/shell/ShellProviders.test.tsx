// @vitest-environment jsdom
import { BUILT_IN_TRACKING_ENV } from '@/tests/fixtures/trackingEnv';
import { act, render, screen } from '@testing-library/react';
import Router from 'next/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowFixture } from '@/tests/fixtures/flows';
import type { JourneyPageProps } from '@/lib/journey/pageProps';
import { checkoutConfigFrom, useCheckoutConfig } from './CheckoutConfig';
import { ShellProviders } from './ShellProviders';

afterEach(() => vi.useRealTimers());

const replace = vi.fn(async (_url: string) => true);
vi.mock('next/router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/router')>()),
  useRouter: () => ({ asPath: '/vogue/demo-single?livemode=false&source=nl', replace }),
}));

const journeyProps: JourneyPageProps = {
  kind: 'journey',
  flow: flowFixture(),
  mode: { livemode: false, source: 'nl' },
  search: '?livemode=false&source=nl',
  location: { base: '/vogue/demo-single', step: 'campaign', returnSegments: [] },
  crossSells: [],
  transaction: null,
  payments: null,
  authError: null,
  tracking: BUILT_IN_TRACKING_ENV,
};

function ConfigProbe() {
  const { flow, mode, search, location } = useCheckoutConfig();
  return <p>{`${flow.campaignId} ${String(mode.livemode)} ${mode.source} ${search} ${location.step}`}</p>;
}

describe('ShellProviders', () => {
  it("gives every component the journey page's checkout config", () => {
    render(
      <ShellProviders pageProps={journeyProps}>
        <ConfigProbe />
      </ShellProviders>,
    );
    expect(screen.getByText('vogue-demo-single false nl ?livemode=false&source=nl campaign')).toBeTruthy();
  });

  it('has no checkout config on other pages, and says so when one is asked for', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(checkoutConfigFrom({ statusCode: 404 })).toBeNull();
    expect(checkoutConfigFrom({ kind: 'refused', status: 400, message: 'x' })).toBeNull();
    expect(() =>
      render(
        <ShellProviders pageProps={{}}>
          <ConfigProbe />
        </ShellProviders>,
      ),
    ).toThrow('useCheckoutConfig is used outside a journey page');
  });

  it('shows the general-processing loader when moving to another page takes over 200 ms', () => {
    vi.useFakeTimers();
    render(
      <ShellProviders pageProps={journeyProps}>
        <p>page</p>
      </ShellProviders>,
    );
    act(() => Router.events.emit('routeChangeStart', '/vogue/demo-single/cart'));
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').getAttribute('data-loader')).toBe('general-processing');
    act(() => Router.events.emit('routeChangeComplete', '/vogue/demo-single/cart'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('hides the loader when moving fails', () => {
    vi.useFakeTimers();
    render(
      <ShellProviders pageProps={journeyProps}>
        <p>page</p>
      </ShellProviders>,
    );
    act(() => Router.events.emit('routeChangeStart', '/x'));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => Router.events.emit('routeChangeError', new Error('aborted'), '/x'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
