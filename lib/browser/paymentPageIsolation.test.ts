// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMarketingCode, loadMarketingScript } from './marketingCode';

const beforePopState = vi.fn();
vi.mock('next/router', () => ({ default: { beforePopState: (hook: unknown) => beforePopState(hook) } }));

afterEach(() => {
  forgetMarketingCode();
  beforePopState.mockClear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

/** A link whose own click handler (bubbling, like React's root listener) stands for next/link's client-side navigation. */
function link(href: string): { click(): void; clientSide: ReturnType<typeof vi.fn> } {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.textContent = 'Continue';
  document.body.append(anchor);
  const clientSide = vi.fn();
  document.body.addEventListener('click', (event) => {
    event.preventDefault();
    clientSide();
  });
  return { click: () => anchor.click(), clientSide };
}

const GTM = 'https://www.googletagmanager.com/gtm.js?id=GTM-X';

describe('payment pages kept apart from marketing code', () => {
  it('leaves links to client-side navigation while no marketing code has run', () => {
    const continueLink = link('/vogue/demo-single/credit-card');
    continueLink.click();
    expect(continueLink.clientSide).toHaveBeenCalled();
    expect(beforePopState).not.toHaveBeenCalled();
  });

  it('keeps a link to the payment page from client-side navigation once marketing code has run', () => {
    window.history.replaceState(null, '', '/vogue/demo-single/cart');
    loadMarketingScript(window, GTM, 'failed');
    const toPayment = link('/vogue/demo-single/credit-card');
    toPayment.click();
    expect(toPayment.clientSide).not.toHaveBeenCalled();
  });

  it('leaves other links alone once marketing code has run', () => {
    window.history.replaceState(null, '', '/vogue/demo-single/cart');
    loadMarketingScript(window, GTM, 'failed');
    const toSuccess = link('/vogue/demo-single/success');
    toSuccess.click();
    expect(toSuccess.clientSide).toHaveBeenCalled();
  });

  it('turns back or forward to a payment page into a full load once marketing code has run', () => {
    window.history.replaceState(null, '', '/vogue/demo-single/success');
    loadMarketingScript(window, GTM, 'failed');
    const onPop = beforePopState.mock.calls.at(-1)![0] as (state: { as: string }) => boolean;
    expect(onPop({ as: '/vogue/demo-single/cart' })).toBe(true);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, pathname: '/vogue/demo-single/success' } as Location);
    expect(onPop({ as: '/vogue/demo-single/credit-card' })).toBe(false);
    expect(assign).toHaveBeenCalledWith('/vogue/demo-single/credit-card');
  });

  it('installs its hooks once however many marketing scripts load', () => {
    window.history.replaceState(null, '', '/vogue/demo-single/cart');
    loadMarketingScript(window, GTM, 'failed');
    loadMarketingScript(window, 'https://cdn.martech.example/lib.js', 'failed');
    expect(beforePopState).toHaveBeenCalledTimes(1);
  });
});
