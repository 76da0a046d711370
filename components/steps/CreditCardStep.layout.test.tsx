// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPaymentStep, SANDBOX_CARD, setUpPaymentStepTests, submitButton } from '@/tests/fixtures/creditCardStep';
import { storedSelection } from '@/tests/fixtures/cartCookieJar';
import { catalogueApiClient, selectionOf } from '@/tests/fixtures/journeyViews';
import { applyPromoCode as apply, promoFeedback as feedback, summaryTotal as total } from '@/tests/fixtures/orderSummary';
import { api, snapshot } from '@/tests/fixtures/stepTests';
import type { CartSelection } from '@/lib/cart/cartSelection';
import type { JourneyEvent } from '@/lib/tracking/events';
import { onTrack } from '@/lib/tracking/track';

vi.mock('next/router', () => import('@/tests/fixtures/paymentStepRouter'));

setUpPaymentStepTests();

/** The payment step of Vogue's single offer, as the server renders it from the cart cookie, with the sandbox card. */
const renderPayment = (selection: CartSelection = selectionOf('1001')) => renderPaymentStep([SANDBOX_CARD], { selection });

const toggle = () => screen.getByTestId('summary-toggle');
const panel = () => document.getElementById('checkout-summary-panel')!;

function openPromo() {
  fireEvent.click(screen.getByRole('button', { name: 'Have a promo code?' }));
}

describe('CreditCardStep layout: the summary', () => {
  it('comes before the form, folded on a phone to a button with today’s total, and opens and closes', () => {
    renderPayment();
    const form = screen.getByLabelText('Email').closest('form')!;
    // In the page's order the summary comes first: on a phone it is above the form.
    expect(panel().compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(form.contains(screen.getByTestId('order-summary'))).toBe(false);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBe('checkout-summary-panel');
    expect(toggle().textContent).toBe('Order summaryTotal today $25.00');
    expect(panel().getAttribute('data-open')).toBe('false');
    // Folded, not removed: the desktop shows it beside the form whatever the button says.
    expect(within(panel()).getByTestId('summary-total').textContent).toBe('Total today$25.00');

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().textContent).toBe('Order summaryTotal today $25.00');
    expect(panel().getAttribute('data-open')).toBe('true');
    fireEvent.click(toggle());
    expect(panel().getAttribute('data-open')).toBe('false');
  });

  it('opens by itself when the order could not be priced, so that the message and its retry are seen', async () => {
    renderPayment();
    api.fail('quote', new Error('We could not work out your total. Please try again.'));
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
    await waitFor(() => expect(toggle().getAttribute('aria-expanded')).toBe('true'));
    expect(within(panel()).getByRole('alert').textContent).toContain('We could not work out your total.');
  });
});

describe('CreditCardStep layout: the promo field', () => {
  it('applies a code as the promo-code step does: checked with the location, stored, tracked, the order priced again', async () => {
    renderPayment(selectionOf('1001', { country: 'GB' }));
    const events: JourneyEvent[] = [];
    const off = onTrack((event) => events.push(event));
    const opener = screen.getByRole('button', { name: 'Have a promo code?' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Promo code')).toBeNull();
    openPromo();
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Promo code'));

    apply('save20');
    await waitFor(() => expect(feedback()?.textContent).toBe('Promo code SAVE20 applied. Remove promo code'));
    off();
    expect(feedback()!.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(feedback());
    expect(api.callsOf('quote')[0]![0]).toEqual({
      brand: 'vogue',
      urlSlug: 'demo-single',
      offerId: '1001',
      addOnIds: [],
      couponCode: 'save20',
      country: 'GB',
      livemode: false,
    });
    await waitFor(() => expect(total()).toBe('Total today$20.00'));
    expect(screen.getByTestId('summary-discount').textContent).toBe('Discount (SAVE20)−$5.00');
    expect(toggle().textContent).toContain('Total today $20.00');
    await waitFor(() => expect(submitButton().textContent).toBe('Subscribe for $20.00'));
    expect(storedSelection()).toEqual(selectionOf('1001', { country: 'GB', promoCode: 'SAVE20' }));
    expect(events.map((event) => event.payload)).toContainEqual(expect.objectContaining({ waypointId: 'promo-code', promoCode: 'SAVE20' }));
    // One code at a time: the field closes, its removal shows instead.
    expect(screen.queryByLabelText('Promo code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Have a promo code?' })).toBeNull();
  });

  it('explains a code it cannot use next to the field, focused, and leaves the total as it was', async () => {
    renderPayment();
    openPromo();
    apply('OLD10');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The promo code OLD10 has expired.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByLabelText('Promo code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Promo code').getAttribute('aria-describedby')).toBe('promo-code-feedback');
    expect(total()).toBe('Total today$25.00');
    expect(storedSelection()).toEqual(selectionOf('1001'));
  });

  it('shows a busy Apply button with its loader while the code is checked', async () => {
    renderPayment();
    openPromo();
    const pending = api.defer('quote');
    apply('SAVE20');
    const button = screen.getByRole('button', { name: /Apply/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(within(button).getByRole('status').getAttribute('data-loader')).toBe('submission-processing');
    pending.resolve(await catalogueApiClient(snapshot).quote(api.callsOf('quote')[0]![0]));
    await waitFor(() => expect(feedback()?.textContent).toContain('Promo code SAVE20 applied.'));
  });

  it('shows a code brought from the promo-code step, and removes it: the total goes back', async () => {
    renderPayment(selectionOf('1001', { promoCode: 'TENOFF' }));
    expect(total()).toBe('Total today$15.00');
    expect(feedback()!.textContent).toBe('Promo code TENOFF applied. Remove promo code');
    fireEvent.click(within(feedback()!).getByRole('button', { name: 'Remove promo code' }));
    await waitFor(() => expect(total()).toBe('Total today$25.00'));
    expect(feedback()!.textContent).toBe('Promo code removed.');
    expect(document.activeElement).toBe(feedback());
    expect(storedSelection()).toEqual(selectionOf('1001'));
    expect(screen.getByRole('button', { name: 'Have a promo code?' })).toBeTruthy();
  });

  it('keeps Enter in the promo field to the code: the payment is not submitted', async () => {
    renderPayment();
    openPromo();
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'SAVE20' } });
    fireEvent.submit(screen.getByLabelText('Promo code').closest('form')!);
    await waitFor(() => expect(feedback()?.textContent).toContain('SAVE20 applied'));
    expect(api.callsOf('submit')).toEqual([]);
  });
});

describe('CreditCardStep layout: opt-ins and terms', () => {
  it('shows the renewal terms once, open, right below the express wallets and before the fields to type', () => {
    renderPayment(selectionOf('1001', { country: 'US', region: 'NY' }));
    const terms = screen.getByTestId('auto-renewal-terms');
    expect(screen.getAllByTestId('auto-renewal-terms')).toHaveLength(1);
    const consent = screen.getByLabelText('I agree to the automatic renewal terms above.');
    expect(screen.getAllByRole('checkbox', { name: 'I agree to the automatic renewal terms above.' })).toHaveLength(1);
    const row = screen.getByTestId('express-checkout');
    // Never folded away: no closed <details> or hidden element around the terms.
    expect(terms.closest('details, [hidden], [aria-hidden="true"]')).toBeNull();
    expect(terms.contains(consent)).toBe(true);
    expect(row.contains(terms)).toBe(true);
    expect(screen.getByTestId('express-apple-pay').compareDocumentPosition(terms) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(terms.compareDocumentPosition(screen.getByLabelText('Email')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(terms.compareDocumentPosition(submitButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Each opt-in its own box, unticked.
    const optIns = screen.getByRole('group', { name: 'Stay in touch (optional)' });
    const boxes = within(optIns).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(4);
    expect(boxes.every((box) => !box.checked)).toBe(true);
  });
});

describe('CreditCardStep layout: card-brand marks', () => {
  it('shows the brands we take beside the card number, and brings forward the one typed', () => {
    renderPayment();
    const marks = screen.getByRole('list', { name: 'Cards we accept' });
    expect(
      within(marks)
        .getAllByRole('img')
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Visa', 'Mastercard', 'American Express', 'Discover']);
    const current = () => marks.querySelector('[aria-current="true"]')?.getAttribute('data-brand') ?? null;
    expect(current()).toBeNull();
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '37' } });
    expect(current()).toBe('amex');
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '5555 55' } });
    expect(current()).toBe('mastercard');
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '' } });
    expect(current()).toBeNull();
  });
});
