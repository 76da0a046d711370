// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storedSelection, visit } from '@/tests/fixtures/cartCookieJar';
import { orderViewFor, selectionOf, stepPage } from '@/tests/fixtures/journeyViews';
import { summaryTotal as total } from '@/tests/fixtures/orderSummary';
import { api, setUpStepTests, snapshot } from '@/tests/fixtures/stepTests';
import { API_MESSAGES, ApiError } from '@/lib/api/apiErrors';
import type { CartSelection } from '@/lib/cart/cartSelection';
import { writeCartCookie } from '@/lib/cart/cartCookie';
import { onTrack } from '@/lib/tracking/track';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import CartStep from './CartStep';

setUpStepTests();

const UNREADABLE = 'We could not read the order saved in this browser, so your cart is empty. Please choose your subscription again.';

function renderCart(path: string, selection: CartSelection | null, options: { notice?: string; alreadySubscribed?: boolean } = {}) {
  visit(`/${path}/cart`);
  // The browser holds the cart cookie the server rendered the page from.
  if (selection) writeCartCookie(path.replace('/', '-'), selection);
  const order = orderViewFor(snapshot, path, selection);
  const page = stepPage(
    snapshot,
    path,
    'cart',
    { order, notice: options.notice ?? null, paidOrder: false, alreadySubscribed: options.alreadySubscribed ?? false },
    { search: '?source=nl' },
  );
  render(
    <ApiClientProvider client={api}>
      <CartStep {...page} />
    </ApiClientProvider>,
  );
  return page;
}

describe('CartStep', () => {
  it("renders the server's order at once: the plan and its total, with no quote asked and nothing loading", () => {
    renderCart('vogue/demo-single', selectionOf('1001'));
    expect(screen.getByRole('list', { name: 'Items in your cart' }).textContent).toBe(
      'Vogue Digital: one year of unlimited accessFirst year $25, then $50 a year$25.00',
    );
    expect(total()).toBe('Total today$25.00');
    expect(screen.getByTestId('summary-tax').textContent).toBe('TaxCalculated at payment');
    expect(api.callsOf('quote')).toEqual([]);
    expect(screen.queryByText(/Loading|Working out/)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Have a promo code?' }).getAttribute('href')).toBe('/vogue/demo-single/promo-code?source=nl');
    expect(screen.getByRole('link', { name: 'Change your subscription' }).getAttribute('href')).toBe('/vogue/demo-single?source=nl');
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe('/vogue/demo-single/credit-card?source=nl');
  });

  it('lists a single digital plan once: the summary adds it up without listing it again', () => {
    renderCart('vogue/demo-single', selectionOf('1001'));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getAllByText(/Vogue Digital/)).toHaveLength(1);
    expect(screen.queryAllByTestId('summary-line')).toEqual([]);
    expect(screen.getAllByText('$25.00')).toHaveLength(2); // the line and the total
  });

  it('lists the plan and each chosen add-on once each, only the plan with renewal terms (an add-on is bought once)', () => {
    renderCart('newyorker/demo-dual', selectionOf('2002', { addOnIds: ['2101', '2102'] }));
    const lines = screen.getAllByRole('listitem');
    expect(lines.map((li) => li.getAttribute('data-cart-item'))).toEqual(['2002', '2101', '2102']);
    expect(screen.getAllByTestId('cart-item-terms').map((terms) => terms.textContent)).toEqual(['First year $149, then $200 a year']);
    expect(screen.queryAllByTestId('summary-line')).toEqual([]);
  });

  it('words a trial and a plan without an introductory price', () => {
    renderCart('wired/demo-trial', selectionOf('3001'));
    expect(screen.getByTestId('cart-item-terms').textContent).toBe('Free for 30 days, then $29.99 a year');
  });

  it('puts the way on right after the lines and the total, before the promo code and the add-ons', () => {
    renderCart('newyorker/demo-dual', selectionOf('2002'));
    const order = [
      screen.getByRole('list', { name: 'Items in your cart' }),
      screen.getByTestId('summary-total'),
      screen.getByRole('link', { name: 'Continue to payment' }),
      screen.getByRole('link', { name: 'Have a promo code?' }),
      screen.getByRole('group', { name: 'Add to your subscription' }),
    ];
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('offers existing subscribers a magic link and sign-in at the cart exit', () => {
    renderCart('vogue/demo-single', selectionOf('1001'));
    const exit = screen.getByRole('region', { name: 'Already a subscriber?' });
    expect(within(exit).getByRole('link', { name: 'Email me a sign-in link' }).getAttribute('href')).toBe(
      '/vogue/demo-single/auth/initiate/cart?source=nl&method=magic-link',
    );
    expect(within(exit).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/vogue/demo-single/auth/initiate/cart?source=nl&method=sign-in',
    );
  });

  it('emits the cart-exit click events through the event catalogue', () => {
    renderCart('vogue/demo-single', selectionOf('1001'));
    const seen: unknown[] = [];
    const off = onTrack((event) => seen.push(event.payload));
    const exit = screen.getByRole('region', { name: 'Already a subscriber?' });
    for (const name of ['Email me a sign-in link', 'Sign in']) {
      within(exit)
        .getByRole('link', { name })
        .addEventListener('click', (event) => event.preventDefault());
      fireEvent.click(within(exit).getByRole('link', { name }));
    }
    off();
    expect(seen).toEqual([
      { _topic: 'cart.ui', action: 'click', el: 'magic-link', position: 'cart-exit', campaignId: 'vogue-demo-single' },
      { _topic: 'cart.ui', action: 'click', el: 'sign-in', position: 'cart-exit', campaignId: 'vogue-demo-single' },
    ]);
  });

  it('offers only the add-ons that go with the plan, prices them when chosen, and keeps the choice in the cart cookie', async () => {
    renderCart('newyorker/demo-dual', selectionOf('2002'));
    const addOns = screen.getByRole('group', { name: 'Add to your subscription' });
    expect(
      within(addOns)
        .getAllByRole('checkbox')
        .map((box) => box.id),
    ).toEqual(['add-on-2101', 'add-on-2102']);
    expect(total()).toBe('Total today$149.00');

    fireEvent.click(within(addOns).getByRole('checkbox', { name: /The New Yorker Tote/ }));
    await waitFor(() => expect(total()).toBe('Total today$174.00'));
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-cart-item'))).toEqual(['2002', '2101']);
    expect(api.callsOf('quote').map(([request]) => request)).toEqual([
      { brand: 'newyorker', urlSlug: 'demo-dual', offerId: '2002', addOnIds: ['2101'] },
    ]);
    expect(storedSelection()).toEqual(selectionOf('2002', { addOnIds: ['2101'] }));

    fireEvent.click(within(addOns).getByRole('checkbox', { name: /The New Yorker Tote/ }));
    await waitFor(() => expect(total()).toBe('Total today$149.00'));
    expect(storedSelection()).toEqual(selectionOf('2002'));
  });

  it('offers the digital plan only the add-on linked to all offers', () => {
    renderCart('newyorker/demo-dual', selectionOf('2001'));
    expect(screen.getAllByRole('checkbox').map((box) => box.id)).toEqual(['add-on-2102']);
  });

  it('shows an applied promo code with its discount, and removes it', async () => {
    renderCart('newyorker/demo-dual', selectionOf('2001', { promoCode: 'SAVE20' }));
    expect(total()).toBe('Total today$79.20');
    expect(screen.getByTestId('summary-discount').textContent).toBe('Discount (SAVE20)−$19.80');
    expect(api.callsOf('quote')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove promo code' }));
    await waitFor(() => expect(total()).toBe('Total today$99.00'));
    expect(screen.getByRole('link', { name: 'Have a promo code?' })).toBeTruthy();
    expect(storedSelection()).toEqual(selectionOf('2001'));
  });

  it('explains a stored promo code that no longer applies, and removes it', async () => {
    renderCart('newyorker/demo-dual', selectionOf('2001', { promoCode: 'OLD10' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The promo code OLD10 has expired.');
    expect(total()).toBe('Total today$99.00');
    fireEvent.click(within(alert).getByRole('button', { name: 'Remove promo code' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(storedSelection()).toEqual(selectionOf('2001'));
  });

  it('asks again when the server could not price the order, says when that fails too, and tries again', async () => {
    visit('/vogue/demo-single/cart');
    const order = orderViewFor(snapshot, 'vogue/demo-single', selectionOf('1001'))!;
    const page = stepPage(snapshot, 'vogue/demo-single', 'cart', {
      order: { ...order, quote: null, quoteError: API_MESSAGES.quote.fallback },
      notice: null,
      paidOrder: false,
      alreadySubscribed: false,
    });
    api.fail('quote', new ApiError({ status: 0, message: API_MESSAGES.quote.unreachable }));
    render(
      <ApiClientProvider client={api}>
        <CartStep {...page} />
      </ApiClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('We could not reach our server to price your order.');
    expect(api.callsOf('quote').map(([request]) => request)).toEqual([order.quoteRequest]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('summary-total')).textContent).toBe('Total today$25.00');
    expect(api.callsOf('quote')).toHaveLength(2);
  });

  it('says when a new total cannot be worked out, and tries again', async () => {
    renderCart('newyorker/demo-dual', selectionOf('2002'));
    api.fail('quote', new ApiError({ status: 0, message: API_MESSAGES.quote.unreachable }));
    fireEvent.click(screen.getByRole('checkbox', { name: /The New Yorker Tote/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not reach our server to price your order.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(total()).toBe('Total today$174.00'));
    expect(api.callsOf('quote')).toHaveLength(2);
  });

  it('tells a signed-in subscriber there is nothing more to buy, instead of the way to payment', () => {
    renderCart('vogue/demo-single', selectionOf('1001'), { alreadySubscribed: true });
    expect(screen.getByRole('status').textContent).toContain('You already subscribe to Vogue.');
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).toBeNull();
  });

  it('says when the cart is empty and links back to the offers', () => {
    renderCart('vogue/demo-single', null);
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a subscription' }).getAttribute('href')).toBe('/vogue/demo-single?source=nl');
    expect(screen.queryByText(/Loading/)).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('says why a saved order could not be used, with the way back to the offers', () => {
    renderCart('vogue/demo-single', null, { notice: UNREADABLE });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(UNREADABLE);
    expect(within(alert).getByRole('link', { name: 'Choose a subscription' }).getAttribute('href')).toBe('/vogue/demo-single?source=nl');
    expect(api.calls).toEqual([]);
  });
});
