// @vitest-environment jsdom
import { BUILT_IN_TRACKING_ENV } from '@/tests/fixtures/trackingEnv';
import { act, render, screen } from '@testing-library/react';
import Router from 'next/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowFixture } from '@/tests/fixtures/flows';
import type { JourneyPageProps } from '@/lib/journey/viewModels';
import { checkoutConfigFrom, useCheckoutConfig } from './CheckoutConfig';
import { ShellProviders } from './ShellProviders';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

afterEach(() => vi.useRealTimers());

const replace = vi.fn(async (_url: string) => true);
vi.mock('next/router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/router')>()),
  useRouter: () => ({ asPath: '/vogue/demo-single?livemode=false&source=nl', replace, beforePopState: vi.fn() }),
}));

const journeyProps: JourneyPageProps = {
  kind: 'journey',
  base: '/vogue/demo-single',
  flow: flowFixture(),
  mode: { livemode: false, source: 'nl' },
  search: '?livemode=false&source=nl',
  tracking: BUILT_IN_TRACKING_ENV,
  i18n: pageWordsFixture(),
  consentCookie: null,
  step: 'campaign',
  view: {},
};

function ConfigProbe() {
  const { flow, mode, search, base, step } = useCheckoutConfig();
  return <p>{`${flow.campaignId} ${String(mode.livemode)} ${mode.source} ${search} ${base} ${step}`}</p>;
}

/** The loader's code is fetched when a navigation starts: lets the delay pass and that code arrive. */
async function loaderShown(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await import('@/components/ui/Loader');
  await vi.advanceTimersByTimeAsync(0);
}

describe('ShellProviders', () => {
  it("gives every component the journey page's checkout config", () => {
    render(
      <ShellProviders pageProps={journeyProps}>
        <ConfigProbe />
      </ShellProviders>,
    );
    expect(screen.getByText('vogue-demo-single false nl ?livemode=false&source=nl /vogue/demo-single campaign')).toBeTruthy();
  });

  it("reads the config from a journey page's props, whatever its step, without its view model", () => {
    const config = checkoutConfigFrom(journeyProps);
    expect(config).toEqual({
      flow: journeyProps.flow,
      mode: journeyProps.mode,
      search: journeyProps.search,
      base: '/vogue/demo-single',
      step: 'campaign',
      tracking: BUILT_IN_TRACKING_ENV,
      consentCookie: null,
    });
    const cart: JourneyPageProps = {
      ...journeyProps,
      step: 'cart',
      view: { order: null, notice: null, paidOrder: false, alreadySubscribed: false },
    };
    expect(checkoutConfigFrom(cart)).toMatchObject({ step: 'cart', base: '/vogue/demo-single' });
    expect(checkoutConfigFrom(cart)).not.toHaveProperty('view');
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

  it('shows the general-processing loader when moving to another page takes over 200 ms', async () => {
    vi.useFakeTimers();
    render(
      <ShellProviders pageProps={journeyProps}>
        <p>page</p>
      </ShellProviders>,
    );
    act(() => Router.events.emit('routeChangeStart', '/vogue/demo-single/cart'));
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => loaderShown(1));
    expect(screen.getByRole('status').getAttribute('data-loader')).toBe('general-processing');
    act(() => Router.events.emit('routeChangeComplete', '/vogue/demo-single/cart'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('hides the loader when moving fails', async () => {
    vi.useFakeTimers();
    render(
      <ShellProviders pageProps={journeyProps}>
        <p>page</p>
      </ShellProviders>,
    );
    act(() => Router.events.emit('routeChangeStart', '/x'));
    await act(() => loaderShown(500));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => Router.events.emit('routeChangeError', new Error('aborted'), '/x'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
