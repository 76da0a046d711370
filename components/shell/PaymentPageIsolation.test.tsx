// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMarketingCode, loadMarketingScript } from '@/lib/browser/marketingCode';
import { PaymentPageIsolation } from './PaymentPageIsolation';

const beforePopState = vi.fn();
vi.mock('next/router', () => ({ useRouter: () => ({ beforePopState }) }));

afterEach(() => {
  forgetMarketingCode();
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** A link whose own (React) click handler stands for next/link's client-side navigation. */
function page(href: string, clientSide: () => void) {
  render(
    <>
      <PaymentPageIsolation />
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          clientSide();
        }}
      >
        Continue
      </a>
    </>,
  );
}

describe('PaymentPageIsolation', () => {
  it('leaves links to client-side navigation while no marketing code has run', () => {
    const clientSide = vi.fn();
    page('/vogue/demo-single/credit-card', clientSide);
    fireEvent.click(screen.getByRole('link'));
    expect(clientSide).toHaveBeenCalled();
  });

  it('keeps a link to the payment page from client-side navigation once marketing code has run', () => {
    window.history.replaceState(null, '', '/vogue/demo-single/cart');
    loadMarketingScript(window, 'https://www.googletagmanager.com/gtm.js?id=GTM-X', 'failed');
    const clientSide = vi.fn();
    page('/vogue/demo-single/credit-card', clientSide);
    fireEvent.click(screen.getByRole('link'));
    expect(clientSide).not.toHaveBeenCalled();
  });

  it('turns back or forward to a payment page into a full load once marketing code has run', () => {
    window.history.replaceState(null, '', '/vogue/demo-single/success');
    loadMarketingScript(window, 'https://www.googletagmanager.com/gtm.js?id=GTM-X', 'failed');
    page('/x', vi.fn());
    const onPop = beforePopState.mock.calls.at(-1)![0] as (state: { as: string }) => boolean;
    expect(onPop({ as: '/vogue/demo-single/cart' })).toBe(true);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, pathname: '/vogue/demo-single/success' } as Location);
    expect(onPop({ as: '/vogue/demo-single/credit-card' })).toBe(false);
    expect(assign).toHaveBeenCalledWith('/vogue/demo-single/credit-card');
  });
});
