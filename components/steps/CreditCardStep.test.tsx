// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storedSelection } from '@/tests/fixtures/cartCookieJar';
import { change, renderPaymentStep, SANDBOX_CARD, setUpPaymentStepTests } from '@/tests/fixtures/creditCardStep';
import { catalogueApiClient, selectionOf } from '@/tests/fixtures/journeyViews';
import { push } from '@/tests/fixtures/paymentStepRouter';
import { api, snapshot } from '@/tests/fixtures/stepTests';
import type { CartSelection } from '@/lib/cart/cartSelection';
import type { StepViewModels } from '@/lib/journey/viewModels';
import { createApiClient } from '@/lib/api/apiClient';
import { pageViewSessionId } from '@/lib/tracking/tracingSession';

vi.mock('next/router', () => import('@/tests/fixtures/paymentStepRouter'));

setUpPaymentStepTests();

type PaymentView = StepViewModels['credit-card'];

/** The payment step as the server renders it from the cart cookie, with the sandbox card. */
const renderPayment = (
  path = 'vogue/demo-single',
  selection: CartSelection | null = selectionOf('1001'),
  view: Partial<PaymentView> = {},
) => renderPaymentStep([SANDBOX_CARD], { path, selection, view });

/** The form's one submit button (while busy, its name starts with its loader's label). */
const submitButton = () => screen.getByRole('button', { name: /(Subscribe|Start free trial)/ });

/** Fills the billing fields, then waits for the order to be priced for that country (a submit waits for it). */
async function fillBilling({ country = 'GB', region }: { country?: string; region?: string } = {}) {
  change('Email', 'ada@example.com');
  change('First name', 'Ada');
  change('Last name', 'Reader');
  change('Country', country);
  if (region) change('State', region);
  await waitFor(() => expect(submitButton().getAttribute('aria-disabled')).toBe('false'));
}

function fillCard(number = '4242 4242 4242 4242') {
  change('Card number', number);
  change('Expiry', '12/30');
  change('CVC', '123');
}

describe('CreditCardStep (sandbox card)', () => {
  it("renders the server's order at once, with no quote asked and nothing loading", () => {
    renderPayment();
    expect(screen.getByTestId('summary-total').textContent).toBe('Total today$25.00');
    expect(api.callsOf('quote')).toEqual([]);
    expect(screen.queryByText(/Loading|Working out/)).toBeNull();
    expect(screen.getByTestId('sandbox-note')).toBeTruthy();
  });

  it.each<[string, string, string]>([
    ['vogue/demo-single', '1001', 'Subscribe for $25.00'],
    ['wired/demo-trial', '3001', 'Start free trial'],
  ])('on %s (offer %s) the submit button reads %j', (path, offerId, label) => {
    renderPayment(path, selectionOf(offerId));
    expect(submitButton().textContent).toBe(label);
  });

  it('shows a busy, disabled submit button with the submission loader while the payment is sent, then goes to success', async () => {
    renderPayment();
    await fillBilling();
    fillCard();
    const pending = api.defer('submit');
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.callsOf('submit')).toHaveLength(1));
    const button = submitButton();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // Not natively disabled: a focused button keeps focus while it waits (a disabled one drops it to the page).
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(within(button).getByRole('status').getAttribute('data-loader')).toBe('submission-processing');
    fireEvent.click(button);
    expect(api.callsOf('submit')).toHaveLength(1);

    const [request] = api.callsOf('submit')[0]!;
    expect(request).toMatchObject({
      brand: 'vogue',
      urlSlug: 'demo-single',
      offerId: '1001',
      addOnIds: [],
      billing: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Reader', country: 'GB' },
      autoRenewalConsent: false,
      payment: { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
      livemode: false,
      // The id the page's events carry: the page coming back from the bank continues it.
      trackingSessionId: pageViewSessionId(),
      returnPath: '/vogue/demo-single/credit-card?livemode=false',
    });
    pending.resolve({ status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    await waitFor(() => expect(push).toHaveBeenCalledWith('/vogue/demo-single/success?livemode=false'));
  });

  it('offers the enabled wallets; a sandbox wallet asks for no card and its button names it, and the choice is remembered', async () => {
    const wallets = {
      paymentMethods: [
        { id: 'card', config: { gateway: 'sandbox' } },
        { id: 'paypal', config: { gateway: 'sandbox' } },
        { id: 'amazon-pay', config: { gateway: 'sandbox' } },
      ],
    } as const;
    const { unmount } = renderPayment('vogue/demo-single', selectionOf('1001'), { paymentMethods: [...wallets.paymentMethods] });
    await fillBilling();
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(submitButton().textContent).toBe('Subscribe for $25.00 with PayPal');
    const pending = api.defer('submit');
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.callsOf('submit')).toHaveLength(1));
    expect(api.callsOf('submit')[0]![0].payment).toEqual({ kind: 'paypal' });
    pending.resolve({ status: 'failed', transactionId: 'txn_1', code: 'cancelled', message: 'You left without approving the payment.' });
    unmount();
    renderPayment('vogue/demo-single', selectionOf('1001'), { paymentMethods: [...wallets.paymentMethods] });
    await waitFor(() => expect((screen.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement).checked).toBe(true));
  });

  it("hides the step's own button when the wallet brings its own (PayPal's buttons)", () => {
    renderPayment('vogue/demo-single', selectionOf('1001'), {
      paymentMethods: [{ id: 'paypal', config: { gateway: 'paypal', clientId: '', environment: 'sandbox' } }],
    });
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
  });

  it('shows a declined payment right above the submit button, and moves focus to it', async () => {
    renderPayment();
    await fillBilling();
    fillCard('4000 0000 0000 0002');
    api.answer('submit', {
      status: 'failed',
      transactionId: 'txn_1',
      code: 'generic_decline',
      message: 'Your card was declined. Please use a different card or contact your bank.',
    });
    fireEvent.click(submitButton());
    const failure = await screen.findByText('Your card was declined. Please use a different card or contact your bank.');
    expect(failure.id).toBe('payment-failure');
    expect(failure.getAttribute('role')).toBe('alert');
    // Directly before the button, in DOM order: nothing between the failure and the button.
    expect(failure.nextElementSibling).toBe(submitButton());
    await waitFor(() => expect(document.activeElement).toBe(failure));
    expect(failure.closest('form')!.getAttribute('aria-describedby')).toBe('payment-failure');
    expect(submitButton().getAttribute('aria-busy')).toBe('false');
    expect(push).not.toHaveBeenCalled();
  });

  it("shows a 429's own message above the submit button, as a refusal (not a lost connection), and never sends it again by itself", async () => {
    const message = 'Too many payment attempts from your connection. Please wait 10 minutes and try again.';
    // The browser's real API client reads the server's answer: 429, Retry-After and our error body.
    const tooMany = async () =>
      Response.json({ error: { code: 'too_many_requests', message } }, { status: 429, headers: { 'Retry-After': '600' } });
    api.answerWith('submit', (request) => createApiClient({ fetch: tooMany }).submit(request));
    renderPayment();
    await fillBilling();
    fillCard();
    fireEvent.click(submitButton());
    const failure = await screen.findByText(message);
    expect(failure.id).toBe('payment-failure');
    expect(failure.nextElementSibling).toBe(submitButton());
    await waitFor(() => expect(document.activeElement).toBe(failure));
    // Not the page's own words for a lost connection (payment.error.unreachable).
    expect(
      screen.queryByText(
        'We could not reach our server. Please check your connection and try again: your payment will not be taken twice.',
      ),
    ).toBeNull();
    expect(submitButton().getAttribute('aria-busy')).toBe('false');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsOf('submit')).toHaveLength(1);
    expect(push).not.toHaveBeenCalled();
  });

  it('shows the failure the bank sent the visitor back with, focused, above the submit button', async () => {
    renderPayment('vogue/demo-single', selectionOf('1001'), { returnedFailure: 'authentication_failed' });
    const failure = document.getElementById('payment-failure')!;
    expect(failure.textContent).toBe('Your bank could not confirm this payment. Please try again or use a different card.');
    expect(failure.nextElementSibling).toBe(submitButton());
    await waitFor(() => expect(document.activeElement).toBe(failure));
  });

  it('sent back by the bank in a new page, continues the visit that sent the order, and sends that id with the next try', async () => {
    renderPayment('vogue/demo-single', selectionOf('1001'), {
      returnedFailure: 'authentication_failed',
      trackingSessionId: 'pv-before-the-bank-0002',
    });
    expect(pageViewSessionId()).toBe('pv-before-the-bank-0002');
  });

  it('explains why a card is asked for an order that costs nothing today (100 % off)', () => {
    renderPayment('vogue/demo-single', selectionOf('1001', { promoCode: 'FREE100' }));
    expect(screen.getByTestId('summary-total').textContent).toBe('Total today$0.00');
    expect(screen.getByTestId('first-charge-note').textContent).toBe(
      'Nothing is charged today. We ask for your card so that your subscription can renew on November 21, 2027 at $50.00 plus any applicable tax, unless you cancel before.',
    );
  });

  it('says when a trial is first charged, and how much', () => {
    renderPayment('wired/demo-trial', selectionOf('3001'));
    expect(screen.getByTestId('first-charge-note').textContent).toBe(
      'Nothing is charged today. Your free trial ends on December 21, 2026; your card is then charged $29.99 plus any applicable tax, unless you cancel before.',
    );
  });

  it('has no first-charge note when today is the first charge', () => {
    renderPayment();
    expect(screen.queryByTestId('first-charge-note')).toBeNull();
  });

  it('shows the renewal terms to a buyer outside any mandate, with no consent box', () => {
    renderPayment('vogue/demo-single', selectionOf('1001', { country: 'GB' }));
    const terms = screen.getByTestId('auto-renewal-terms');
    // A UK price holds its VAT: the terms say so (issue 38).
    expect(terms.textContent).toContain(
      'Today you pay $25.00 including VAT. Your subscription then renews automatically on November 21, 2027 and every year after that at $50.00 including VAT,',
    );
    expect(within(terms).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText('I agree to the automatic renewal terms above.')).toBeNull();
  });

  it('shows the renewal terms before the buyer says where they are, too', () => {
    renderPayment();
    expect(screen.getByTestId('auto-renewal-terms').textContent).toContain('renews automatically on November 21, 2027');
    expect(screen.queryByLabelText('I agree to the automatic renewal terms above.')).toBeNull();
  });

  it('asks a New York buyer to agree to the renewal terms, and sends nothing until the box is ticked', async () => {
    renderPayment('vogue/demo-single', selectionOf('1001', { country: 'US', region: 'NY' }));
    const consent = screen.getByLabelText('I agree to the automatic renewal terms above.') as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(within(screen.getByTestId('auto-renewal-terms')).getByRole('checkbox')).toBe(consent);
    change('Email', 'ada@example.com');
    change('First name', 'Ada');
    change('Last name', 'Reader');
    fillCard();

    fireEvent.click(submitButton());
    await waitFor(() => expect(document.activeElement).toBe(consent));
    expect(screen.getByText('Please tick the box to agree to the automatic renewal terms.')).toBeTruthy();
    expect(api.callsOf('submit')).toEqual([]);

    fireEvent.click(consent);
    api.answer('submit', { status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.callsOf('submit')).toHaveLength(1));
    expect(api.callsOf('submit')[0]![0]).toMatchObject({ autoRenewalConsent: true, billing: { country: 'US', region: 'NY' } });
  });

  it('shows the consent box once the buyer chooses New York, and prices the order for it', async () => {
    renderPayment();
    change('Country', 'US');
    change('State', 'NY');
    expect(await screen.findByLabelText('I agree to the automatic renewal terms above.')).toBeTruthy();
    expect(api.callsOf('quote').at(-1)![0]).toMatchObject({ offerId: '1001', country: 'US', region: 'NY' });
    expect(storedSelection()).toEqual(selectionOf('1001', { country: 'US', region: 'NY' }));
  });

  it('shows a consent given for one offer unticked on another: a consent is for the terms it was given for', async () => {
    const first = renderPayment('newyorker/demo-dual', selectionOf('2001', { country: 'US', region: 'NY' }));
    const consent = () => screen.getByLabelText('I agree to the automatic renewal terms above.') as HTMLInputElement;
    await waitFor(() => expect(consent()).toBeTruthy());
    fireEvent.click(consent());
    expect(consent().checked).toBe(true);
    first.unmount();
    // Back to the offers, Print + Digital chosen instead: its renewal price is another.
    renderPayment('newyorker/demo-dual', selectionOf('2002', { country: 'US', region: 'NY' }));
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(''));
    expect(consent().checked).toBe(false);
  });

  it('neither shows nor charges an amount that is being worked out again: the button waits for the new total', async () => {
    renderPayment();
    const pending = api.defer('quote');
    change('Country', 'CA');
    change('Province', 'ON');
    await waitFor(() => expect(submitButton().getAttribute('aria-disabled')).toBe('true'));
    expect(submitButton().textContent).toBe('Working out your totalSubscribe');
    fireEvent.click(submitButton());
    expect(api.callsOf('submit')).toEqual([]);
    pending.resolve(await catalogueApiClient(snapshot).quote(api.callsOf('quote').at(-1)![0]));
    await waitFor(() => expect(submitButton().textContent).toBe('Subscribe for $28.25'));
    expect(submitButton().getAttribute('aria-disabled')).toBe('false');
  });

  it("prefills the signed-in visitor's e-mail", async () => {
    renderPayment('vogue/demo-single', selectionOf('1001'), { signedInEmail: 'reader@example.com' });
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('reader@example.com'));
  });

  it('restores what was typed after a reload from session storage, but never the card', async () => {
    const first = renderPayment();
    await fillBilling();
    fillCard();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send me the Vogue newsletter.' }));
    await waitFor(() => expect(window.sessionStorage.getItem('pj:draft:vogue-demo-single')).toContain('Ada'));
    const stored = window.sessionStorage.getItem('pj:draft:vogue-demo-single')!;
    expect(JSON.parse(stored)).toMatchObject({
      billing: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Reader', country: 'GB' },
      marketing: { newsletter: true },
    });
    const everything = Object.values({ ...window.sessionStorage }).join('\n');
    expect(everything).not.toMatch(/4242/);
    expect(everything).not.toMatch(/12\/30/);
    first.unmount();

    renderPayment('vogue/demo-single', selectionOf('1001', { country: 'GB' }));
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Reader');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('GB');
    expect((screen.getByRole('checkbox', { name: 'Send me the Vogue newsletter.' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('CVC') as HTMLInputElement).value).toBe('');
  });

  it('words the newsletter opt-in for The New Yorker without "the The"', () => {
    renderPayment('newyorker/demo-dual', selectionOf('2001'));
    expect(screen.getByRole('checkbox', { name: 'Send me The New Yorker newsletter.' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\bthe the\b/i);
  });

  it('says when the cart is empty and links back to the offers', () => {
    renderPayment('vogue/demo-single', null);
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a subscription' }).getAttribute('href')).toBe('/vogue/demo-single?livemode=false');
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('says why a saved order could not be used, with the way back to the offers', () => {
    renderPayment('vogue/demo-single', null, { notice: 'We could not read the order saved in this browser, so your cart is empty.' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not read the order saved in this browser');
    expect(within(alert).getByRole('link', { name: 'Choose a subscription' })).toBeTruthy();
  });
});
