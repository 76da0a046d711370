// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import type { ErrorBrand } from '@/lib/journey/errorPage';
import { errorBrandIn, errorPagePropsIn } from '@/lib/server/ssr/errorPage';
import { canGoBackHere } from './ErrorActions';
import { ErrorPage } from './ErrorPage';
import ErrorRoute from '@/pages/_error';
import type { NextPageContext } from 'next';

const now = new Date('2026-11-27T12:00:00Z');
let snapshot: CatalogueSnapshot;
let vogue: ErrorBrand;
beforeAll(async () => {
  snapshot = await demoSnapshot();
  vogue = errorBrandIn(snapshot, '/vogue/demo-single/no-such-step?livemode=false', now)!;
});
afterEach(() => vi.restoreAllMocks());

/** The page a 404 of this URL renders, its props made as the server makes them. */
const notFound = (url: string) => render(<ErrorPage {...errorPagePropsIn(snapshot, url, 404, now)} />);

const heading = () => screen.getByRole('heading', { level: 1 });

describe('ErrorPage', () => {
  it("a 404 under a brand: the brand's header, look and name, one h1, and a link back to its offer", () => {
    const { container } = render(<ErrorPage statusCode={404} brand={vogue} />);
    expect(within(screen.getByRole('banner')).getByText('Vogue')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('Vogue · The authority on fashion since 1892')).toBeTruthy();
    // § 312k BGB: cancelling is reachable from every page, the error page included.
    expect(footer.getByRole('link', { name: 'Cancel a subscription' }).getAttribute('href')).toBe('/cancel');
    expect(footer.getByRole('link', { name: 'Withdraw from contract here' }).getAttribute('href')).toBe('/withdraw');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(heading().textContent).toBe('Page not found');
    expect(screen.getByText(/We can't find the page you were looking for/)).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to Vogue' });
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
    expect(back.getAttribute('href')).toBe('/vogue/demo-single?livemode=false');
    const frame = container.firstElementChild as HTMLElement;
    expect(frame.style.getPropertyValue('--brand-accent')).toBe('#b3122e');
    expect(frame.dataset.brandFont).toBe(vogue.identity.fontFamily);
    expect(document.title).toBe('Page not found | Vogue');
  });

  it('a 404 elsewhere: a neutral page with no brand, one h1 and the same words', () => {
    render(<ErrorPage statusCode={404} brand={null} />);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(heading().textContent).toBe('Page not found');
    expect(screen.getByText('Error 404')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Back to/ })).toBeNull();
    expect(document.title).toBe('Page not found');
  });

  it.each([
    ['/account/nothing', '/account'],
    ['/account/nothing?livemode=false', '/account?livemode=false'],
  ])('a 404 of %s leads back to the account, %s', (url, href) => {
    notFound(url);
    expect(heading().textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe(href);
  });

  it.each([
    '/account/nothing?livemode=false',
    '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/cancel?livemode=false',
    '/account/invoices/txn_someone_elses?livemode=false',
  ])('a 404 of %s, in test mode, shows the test-mode banner, as the account it leads back to does', (url) => {
    notFound(url);
    expect(screen.getByTestId('test-mode-banner').textContent).toBe('Test mode: no real payment will be taken.');
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/account?livemode=false');
  });

  it.each(['/account/nothing', '/account/nothing?livemode=true', '/account/nothing?livemode=maybe'])(
    'a 404 of %s, live, has no banner',
    (url) => {
      notFound(url);
      expect(screen.queryByTestId('test-mode-banner')).toBeNull();
    },
  );

  it("a 404 under a brand in test mode: the banner, and the footer's links kept in test mode", () => {
    notFound('/vogue/demo-single/no-such-step?livemode=false');
    expect(screen.getByTestId('test-mode-banner')).toBeTruthy();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/account?livemode=false');
    expect(footer.getByRole('link', { name: 'Cancel a subscription' }).getAttribute('href')).toBe('/cancel?livemode=false');
  });

  it.each(['branded', 'neutral'])('a 500 (%s) says nothing was charged and how to try again', (look) => {
    render(<ErrorPage statusCode={500} brand={look === 'branded' ? vogue : null} />);
    expect(heading().textContent).toBe('Something went wrong');
    expect(screen.getByText(/Nothing was charged\. Please try again, or come back in a few minutes\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a 500 under a brand also offers the way back to it', () => {
    render(<ErrorPage statusCode={500} brand={vogue} />);
    expect(screen.getByRole('link', { name: 'Back to Vogue' })).toBeTruthy();
  });

  it.each([
    [400, 'This link is not quite right'],
    [405, 'Not allowed'],
    [414, 'This link is not quite right'],
    [503, 'Something went wrong'],
  ])('%i: %s', (statusCode, title) => {
    render(<ErrorPage statusCode={statusCode} brand={null} />);
    expect(heading().textContent).toBe(title);
  });

  it('an ended campaign: "This offer has ended", and the brand\'s current offer as the way on, test mode kept', () => {
    notFound('/vogue/demo-ended/cart?livemode=false');
    expect(heading().textContent).toBe('This offer has ended');
    expect(screen.getByText('The offer you followed is no longer available.')).toBeTruthy();
    const link = screen.getByRole('link', { name: "See Vogue's current offer" });
    expect(link.getAttribute('href')).toBe('/vogue/demo-single?livemode=false');
    expect(link.className).toMatch(/primary/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Our brands' })).toBeNull();
    expect(document.title).toBe('This offer has ended | Vogue');
  });

  it('an unknown campaign of a known brand: "We couldn\'t find this offer", and the current offer', () => {
    notFound('/newyorker/no-such-offer');
    expect(heading().textContent).toBe("We couldn't find this offer");
    expect(screen.getByRole('link', { name: "See The New Yorker's current offer" }).getAttribute('href')).toBe('/newyorker/demo-dual');
  });

  it('an unknown brand: the list of brands, each a link to its current offer', () => {
    notFound('/no-such-brand/demo-single?livemode=false');
    expect(heading().textContent).toBe('Page not found');
    const list = within(screen.getByRole('navigation', { name: 'Our brands' }));
    expect(list.getByRole('heading', { level: 2 }).textContent).toBe('Our brands');
    const links = list.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Epicurious', '/epicurious/demo-preauth?livemode=false'],
      ['GQ', '/gq/demo-gbp?livemode=false'],
      ['The New Yorker', '/newyorker/demo-dual?livemode=false'],
      ['Vogue', '/vogue/demo-single?livemode=false'],
      ['WIRED', '/wired/demo-trial?livemode=false'],
    ]);
    expect(screen.queryByRole('link', { name: /current offer/ })).toBeNull();
  });

  it('"Go back" only when going back leads to one of our pages, never a button that does nothing', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://mail.example/inbox');
    const { unmount } = notFound('/no-such-brand');
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
    unmount();

    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}/vogue/demo-single`);
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    notFound('/no-such-brand');
    expect(await screen.findByRole('button', { name: 'Go back' })).toBeTruthy();
  });
});

describe('the error page of a failure in the browser', () => {
  const inBrowser = (asPath: string) =>
    ErrorRoute.getInitialProps!({ err: new Error('render failed'), asPath, pathname: '/account', query: {} } as unknown as NextPageContext);

  it('under the account in test mode: the banner and the way back, read from the URL', async () => {
    const props = await inBrowser('/account?livemode=false');
    expect(props).toEqual({ statusCode: 500, brand: null, account: '/account?livemode=false', livemode: false });
    render(<ErrorPage {...props} />);
    expect(screen.getByTestId('test-mode-banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/account?livemode=false');
  });

  it('live elsewhere: neither', async () => {
    expect(await inBrowser('/vogue/demo-single/cart')).toEqual({ statusCode: 500, brand: null });
  });
});

describe('canGoBackHere', () => {
  const origin = 'https://shop.example';
  it.each([
    ['a page of ours before, in this tab', 'https://shop.example/vogue/demo-single', 2, true],
    ['a link from an e-mail (no referrer)', '', 2, false],
    ['another site', 'https://mail.example/inbox', 3, false],
    ['a new tab (nothing before)', 'https://shop.example/vogue/demo-single', 1, false],
    ['a referrer that is not a URL', 'not a url', 3, false],
  ])('%s: %s', (_, referrer, length, expected) => {
    expect(canGoBackHere(referrer, origin, length)).toBe(expected);
  });
});
