// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storedSelection, visit } from '@/tests/fixtures/cartCookieJar';
import { orderViewFor, selectionOf, stepPage } from '@/tests/fixtures/journeyViews';
import { applyPromoCode as apply, promoFeedback as feedback, summaryTotal as total } from '@/tests/fixtures/orderSummary';
import { api, setUpStepTests, snapshot } from '@/tests/fixtures/stepTests';
import { API_MESSAGES, ApiError } from '@/lib/api/apiErrors';
import type { CartSelection } from '@/lib/cart/cartSelection';
import { writeCartCookie } from '@/lib/cart/cartCookie';
import type { JourneyEvent } from '@/lib/tracking/events';
import { onTrack } from '@/lib/tracking/track';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import PromoCodeStep from './PromoCodeStep';

setUpStepTests();

function renderStep(
  path = 'newyorker/demo-dual',
  selection: CartSelection | null = selectionOf('2001'),
  options: { search?: string; notice?: string } = {},
) {
  visit(`/${path}/promo-code`);
  // The browser holds the cart cookie the server rendered the page from.
  if (selection) writeCartCookie(path.replace('/', '-'), selection);
  const page = stepPage(
    snapshot,
    path,
    'promo-code',
    {
      order: orderViewFor(snapshot, path, selection, { livemode: !new URLSearchParams(options.search ?? '').has('livemode', 'false') }),
      notice: options.notice ?? null,
      paidOrder: false,
    },
    { search: options.search ?? '' },
  );
  render(
    <I18nProvider page={page.i18n}>
      <ApiClientProvider client={api}>
        <PromoCodeStep {...page} />
      </ApiClientProvider>
    </I18nProvider>,
  );
}

/** How many times the page says a code is applied, wherever it says it. */
const confirmationsOf = (code: string) => (document.body.textContent ?? '').split(`${code} applied`).length - 1;

describe('PromoCodeStep', () => {
  it("renders the server's order at once, with no quote asked and nothing loading", () => {
    renderStep();
    expect(total()).toBe('Total today$99.00');
    expect(api.callsOf('quote')).toEqual([]);
    expect(screen.queryByText(/Loading|Working out/)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the introductory price in sight in its summary, and after a code too', async () => {
    renderStep();
    expect(screen.getByTestId('summary-terms').textContent).toBe('First year $99, then $150 a year');
    apply('SAVE20');
    await waitFor(() => expect(total()).toBe('Total today$79.20'));
    expect(screen.getByTestId('summary-terms').textContent).toBe('First year $99, then $150 a year');
  });

  it.each([
    ['SAVE20', 'SAVE20', 'Total today$79.20'],
    ['tenoff', 'TENOFF', 'Total today$89.00'],
    ['FREE100', 'FREE100', 'Total today$0.00'],
  ])('applies %s: one confirmation, focused, the new total, the code in the cart cookie', async (typed, code, expected) => {
    renderStep('newyorker/demo-dual', selectionOf('2001'), { search: '?source=nl&livemode=false' });
    const events: JourneyEvent[] = [];
    const off = onTrack((event) => events.push(event));
    apply(typed);
    await waitFor(() => expect(feedback()?.textContent).toBe(`Promo code ${code} applied. Remove promo code`));
    off();
    expect(feedback()!.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(feedback());
    expect(confirmationsOf(code)).toBe(1);
    await waitFor(() => expect(total()).toBe(expected));
    expect(confirmationsOf(code)).toBe(1);
    expect(screen.getByTestId('summary-discount').textContent).toContain(`Discount (${code})`);
    expect(storedSelection()).toEqual(selectionOf('2001', { promoCode: code }));
    expect(api.callsOf('quote')[0]![0]).toEqual({
      brand: 'newyorker',
      urlSlug: 'demo-dual',
      offerId: '2001',
      addOnIds: [],
      couponCode: typed,
      // A test journey's code is checked against test redemptions.
      livemode: false,
    });
    expect((screen.getByLabelText('Promo code') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe(
      '/newyorker/demo-dual/credit-card?source=nl&livemode=false',
    );
    expect(events.map((event) => event.payload)).toContainEqual(expect.objectContaining({ waypointId: 'promo-code', promoCode: code }));
  });

  it('replaces an applied code with the next one applied, confirming only the new one', async () => {
    renderStep();
    apply('SAVE20');
    await waitFor(() => expect(total()).toBe('Total today$79.20'));
    apply('TENOFF');
    await waitFor(() => expect(total()).toBe('Total today$89.00'));
    expect(feedback()!.textContent).toBe('Promo code TENOFF applied. Remove promo code');
    expect(confirmationsOf('TENOFF')).toBe(1);
    expect(confirmationsOf('SAVE20')).toBe(0);
    expect(document.activeElement).toBe(feedback());
    expect(storedSelection()).toEqual(selectionOf('2001', { promoCode: 'TENOFF' }));
  });

  it('says so when an applied code has nothing to take off today (a free trial), rather than seem to do nothing', () => {
    renderStep('wired/demo-trial', selectionOf('3001', { promoCode: 'SAVE20' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Promo code SAVE20 applied. There is nothing to take off today’s total. Remove promo code',
    );
  });

  it('shows a code the server already applied once, and the way on to payment', () => {
    renderStep('newyorker/demo-dual', selectionOf('2001', { promoCode: 'SAVE20' }), { search: '?source=nl' });
    expect(total()).toBe('Total today$79.20');
    expect(confirmationsOf('SAVE20')).toBe(1);
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe(
      '/newyorker/demo-dual/credit-card?source=nl',
    );
    expect(screen.getByRole('link', { name: 'Back to your cart' }).getAttribute('href')).toBe('/newyorker/demo-dual/cart?source=nl');
  });

  it.each([
    ['NOPE', '"NOPE" is not a valid promo code.'],
    ['OLD10', 'The promo code OLD10 has expired.'],
    ['', 'Enter a promo code.'],
  ])('refuses %j with a focused message next to the field and the total unchanged', async (code, message) => {
    renderStep();
    apply(code);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByLabelText('Promo code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Promo code').getAttribute('aria-describedby')).toBe(alert.id);
    expect(total()).toBe('Total today$99.00');
    expect(screen.queryByText(/applied/)).toBeNull();
    expect(storedSelection()).toEqual(selectionOf('2001'));
  });

  it('refuses a dollar code on a pound offer', async () => {
    renderStep('gq/demo-gbp', selectionOf('4001'));
    apply('TENOFF');
    expect((await screen.findByRole('alert')).textContent).toBe('The promo code TENOFF cannot be used with prices in GBP.');
  });

  it('removes an applied code, says so and puts the total back', async () => {
    renderStep();
    apply('SAVE20');
    await waitFor(() => expect(total()).toBe('Total today$79.20'));
    fireEvent.click(within(feedback()!).getByRole('button', { name: 'Remove promo code' }));
    await waitFor(() => expect(total()).toBe('Total today$99.00'));
    expect(feedback()!.textContent).toBe('Promo code removed.');
    expect(document.activeElement).toBe(feedback());
    expect(confirmationsOf('SAVE20')).toBe(0);
    expect(storedSelection()).toEqual(selectionOf('2001'));
  });

  it('shows a busy Apply button while the code is checked', async () => {
    renderStep();
    const pending = api.defer('quote');
    apply('SAVE20');
    const button = screen.getByRole('button', { name: /Apply/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(button).getByRole('status').getAttribute('data-loader')).toBe('submission-processing');
    pending.resolve({
      campaignId: 'newyorker-demo-dual',
      offerId: '2001',
      quote: orderViewFor(snapshot, 'newyorker/demo-dual', selectionOf('2001', { promoCode: 'SAVE20' }))!.quote!.quote,
      coupon: { code: 'SAVE20', applied: true },
      autoRenewalConsentRequired: false,
    });
    await waitFor(() => expect(feedback()?.textContent).toContain('Promo code SAVE20 applied.'));
    expect(screen.getByRole('button', { name: 'Apply' }).getAttribute('aria-busy')).toBe('false');
  });

  it('says so when the server cannot be reached', async () => {
    renderStep();
    api.fail('quote', new ApiError({ status: 0, message: API_MESSAGES.quote.unreachable }));
    apply('SAVE20');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not reach our server');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(storedSelection()).toEqual(selectionOf('2001'));
  });

  it('says when the cart is empty and links back to the offers', () => {
    renderStep('newyorker/demo-dual', null, { search: '?source=nl' });
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a subscription' }).getAttribute('href')).toBe('/newyorker/demo-dual?source=nl');
    expect(screen.queryByLabelText('Promo code')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('says why a saved order could not be used, with the way back to the offers', () => {
    renderStep('newyorker/demo-dual', null, { notice: 'We could not read the order saved in this browser.' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not read the order saved in this browser.');
    expect(within(alert).getByRole('link', { name: 'Choose a subscription' }).getAttribute('href')).toBe('/newyorker/demo-dual');
  });
});
