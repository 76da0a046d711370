// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { installFakeQuoteApi } from '@/tests/fixtures/fakeQuoteApi';
import { cartItemFor } from '@/lib/cart/cart';
import { readPromoCode, writeCart } from '@/lib/cart/useCart';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import PromoCodeStep from './PromoCodeStep';

let snapshot: CatalogueSnapshot;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function renderStep(path = 'newyorker/demo-dual', offerId = '2001') {
  const flow = snapshot.flowsByPath.get(path)!;
  const offer = flow.data.pageData.plans.find((plan) => plan.id === offerId)!;
  writeCart(flow.campaignId, [cartItemFor(offer, flow.campaignId)]);
  render(<PromoCodeStep flow={flow} base={`/${path}`} search="" mode={{ livemode: false, source: null }} crossSells={[]} transaction={null} payments={null} returnSegments={[]} authError={null} />);
  return flow;
}

const total = async () => (await screen.findByTestId('summary-total')).textContent;

function apply(code: string) {
  fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('PromoCodeStep', () => {
  it.each([
    ['SAVE20', 'Total today$79.20'],
    ['tenoff', 'Total today$89.00'],
    ['FREE100', 'Total today$0.00'],
  ])('applies %s and shows the new total', async (code, expected) => {
    installFakeQuoteApi(snapshot);
    renderStep();
    expect(await total()).toBe('Total today$99.00');
    apply(code);
    const status = await screen.findByText(`Promo code ${code.toUpperCase()} applied.`);
    expect(status.getAttribute('role')).toBe('status');
    await waitFor(async () => expect(await total()).toBe(expected));
    expect(readPromoCode('newyorker-demo-dual')).toBe(code.toUpperCase());
  });

  it.each([
    ['NOPE', '"NOPE" is not a valid promo code.'],
    ['OLD10', 'The promo code OLD10 has expired.'],
    ['', 'Enter a promo code.'],
  ])('refuses %j with a message next to the field and the total unchanged', async (code, message) => {
    installFakeQuoteApi(snapshot);
    renderStep();
    expect(await total()).toBe('Total today$99.00');
    apply(code);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(screen.getByLabelText('Promo code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Promo code').getAttribute('aria-describedby')).toBe(alert.id);
    expect(await total()).toBe('Total today$99.00');
    expect(readPromoCode('newyorker-demo-dual')).toBeNull();
  });

  it('refuses a dollar code on a pound offer', async () => {
    installFakeQuoteApi(snapshot);
    renderStep('gq/demo-gbp', '4001');
    apply('TENOFF');
    expect((await screen.findByRole('alert')).textContent).toBe('The promo code TENOFF cannot be used with prices in GBP.');
  });

  it('removes an applied code', async () => {
    installFakeQuoteApi(snapshot);
    renderStep();
    apply('SAVE20');
    await waitFor(async () => expect(await total()).toBe('Total today$79.20'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove promo code' }));
    await waitFor(async () => expect(await total()).toBe('Total today$99.00'));
    expect(readPromoCode('newyorker-demo-dual')).toBeNull();
  });

  it('says so when the server cannot be reached', async () => {
    const api = installFakeQuoteApi(snapshot);
    renderStep();
    await total();
    api.failNextRequest();
    apply('SAVE20');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not reach our server');
    expect(readPromoCode('newyorker-demo-dual')).toBeNull();
  });
});
