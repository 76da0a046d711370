// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { installFakeQuoteApi } from '@/tests/fixtures/fakeQuoteApi';
import { cartItemFor } from '@/lib/cart/cart';
import { writeCart, writePromoCode } from '@/lib/cart/useCart';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { onTrack } from '@/lib/tracking/track';
import CartStep from './CartStep';

let snapshot: CatalogueSnapshot;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function renderCart(path: string, chosenOfferId: string | null) {
  const flow = snapshot.flowsByPath.get(path)!;
  const crossSells = [...(snapshot.crossSellsByBrand.get(flow.brand_slug) ?? [])];
  if (chosenOfferId) {
    const offer = flow.data.pageData.plans.find((plan) => plan.id === chosenOfferId)!;
    writeCart(flow.campaignId, [cartItemFor(offer, flow.campaignId)]);
  }
  render(<CartStep flow={flow} base={`/${path}`} search="?source=nl" mode={{ livemode: false, source: "nl" }} crossSells={crossSells} transaction={null} payments={null} returnSegments={[]} authError={null} />);
  return flow;
}

const total = async () => (await screen.findByTestId('summary-total')).textContent;

describe('CartStep', () => {
  it('shows the chosen plan and the total priced by the server', async () => {
    const api = installFakeQuoteApi(snapshot);
    renderCart('vogue/demo-single', '1001');
    expect(screen.getByRole('list', { name: 'Items in your cart' }).textContent).toBe('Vogue Digital: one year of unlimited access$25.00');
    expect(await total()).toBe('Total today$25.00');
    expect(screen.getByTestId('summary-tax').textContent).toBe('TaxCalculated at payment');
    expect(api.requests).toEqual([{ brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', addOnIds: [] }]);
    expect(screen.getByRole('link', { name: 'Have a promo code?' }).getAttribute('href')).toBe('/vogue/demo-single/promo-code?source=nl');
    expect(screen.getByRole('link', { name: 'Change your subscription' }).getAttribute('href')).toBe('/vogue/demo-single?source=nl');
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe('/vogue/demo-single/credit-card?source=nl');
  });

  it('offers existing subscribers a magic link and sign-in at the cart exit', () => {
    installFakeQuoteApi(snapshot);
    renderCart('vogue/demo-single', '1001');
    const exit = screen.getByRole('region', { name: 'Already a subscriber?' });
    expect(within(exit).getByRole('link', { name: 'Email me a sign-in link' }).getAttribute('href')).toBe(
      '/vogue/demo-single/auth/initiate/cart?source=nl&method=magic-link',
    );
    expect(within(exit).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/vogue/demo-single/auth/initiate/cart?source=nl&method=sign-in');
  });

  it('emits the cart-exit click events through the event catalogue', () => {
    installFakeQuoteApi(snapshot);
    renderCart('vogue/demo-single', '1001');
    const seen: unknown[] = [];
    const off = onTrack((event) => seen.push(event.payload));
    const exit = screen.getByRole('region', { name: 'Already a subscriber?' });
    for (const name of ['Email me a sign-in link', 'Sign in']) {
      within(exit).getByRole('link', { name }).addEventListener('click', (event) => event.preventDefault());
      fireEvent.click(within(exit).getByRole('link', { name }));
    }
    off();
    expect(seen).toEqual([
      { _topic: 'cart.ui', action: 'click', el: 'magic-link', position: 'cart-exit', campaignId: 'vogue-demo-single' },
      { _topic: 'cart.ui', action: 'click', el: 'sign-in', position: 'cart-exit', campaignId: 'vogue-demo-single' },
    ]);
  });

  it('offers only the add-ons that go with the plan, and prices them when chosen', async () => {
    const api = installFakeQuoteApi(snapshot);
    renderCart('newyorker/demo-dual', '2002');
    const addOns = screen.getByRole('group', { name: 'Add to your subscription' });
    expect(within(addOns).getAllByRole('checkbox').map((box) => box.id)).toEqual(['add-on-2101', 'add-on-2102']);
    expect(await total()).toBe('Total today$149.00');

    fireEvent.click(within(addOns).getByRole('checkbox', { name: /The New Yorker Tote/ }));
    await waitFor(async () => expect(await total()).toBe('Total today$174.00'));
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-cart-item'))).toEqual(['2002', '2101']);
    expect(api.requests.at(-1)).toMatchObject({ offerId: '2002', addOnIds: ['2101'] });

    fireEvent.click(within(addOns).getByRole('checkbox', { name: /The New Yorker Tote/ }));
    await waitFor(async () => expect(await total()).toBe('Total today$149.00'));
  });

  it('offers the digital plan only the add-on linked to all offers', () => {
    installFakeQuoteApi(snapshot);
    renderCart('newyorker/demo-dual', '2001');
    expect(screen.getAllByRole('checkbox').map((box) => box.id)).toEqual(['add-on-2102']);
  });

  it('shows an applied promo code with its discount, and removes it', async () => {
    installFakeQuoteApi(snapshot);
    writePromoCode('newyorker-demo-dual', 'SAVE20');
    renderCart('newyorker/demo-dual', '2001');
    expect(await total()).toBe('Total today$79.20');
    expect(screen.getByTestId('summary-discount').textContent).toBe('Discount (SAVE20)−$19.80');
    fireEvent.click(screen.getByRole('button', { name: 'Remove promo code' }));
    await waitFor(async () => expect(await total()).toBe('Total today$99.00'));
    expect(screen.getByRole('link', { name: 'Have a promo code?' })).toBeTruthy();
  });

  it('explains a stored promo code that no longer applies', async () => {
    installFakeQuoteApi(snapshot);
    writePromoCode('newyorker-demo-dual', 'OLD10');
    renderCart('newyorker/demo-dual', '2001');
    expect((await screen.findByRole('alert')).textContent).toContain('The promo code OLD10 has expired.');
    expect(await total()).toBe('Total today$99.00');
  });

  it('says when the total cannot be worked out, and tries again', async () => {
    const api = installFakeQuoteApi(snapshot);
    api.failNextRequest();
    renderCart('vogue/demo-single', '1001');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not reach our server to price your order.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await total()).toBe('Total today$25.00');
  });

  it('says when the cart is empty and links back to the offers', () => {
    installFakeQuoteApi(snapshot);
    renderCart('vogue/demo-single', null);
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a subscription' }).getAttribute('href')).toBe('/vogue/demo-single?source=nl');
  });
});
