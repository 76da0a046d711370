// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { forwardRef, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPaymentStep, SANDBOX_CARD, setUpPaymentStepTests } from '@/tests/fixtures/creditCardStep';
import { catalogueApiClient, selectionOf } from '@/tests/fixtures/journeyViews';
import { push } from '@/tests/fixtures/paymentStepRouter';
import { api, snapshot } from '@/tests/fixtures/stepTests';
import type { CartSelection } from '@/lib/cart/cartSelection';
import type { StepViewModels } from '@/lib/journey/viewModels';

const DECLINED = 'Your card was declined. Please use a different card or contact your bank.';
const EXPRESS_CONSENT_MISSING = 'Please tick the box to agree to the automatic renewal terms before paying with a wallet.';

const tracked = vi.hoisted(() => [] as { name: string }[]);
vi.mock('@/lib/tracking/track', () => ({ track: (event: { name: string }) => void tracked.push(event) }));
vi.mock('next/router', () => import('@/tests/fixtures/paymentStepRouter'));

// Stripe.js cannot load here (the row with Stripe keys): stand-ins that show what Stripe's element was given.
const stripeElements = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => ({}) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    stripeElements.options.push(options);
    return <>{children}</>;
  },
  ExpressCheckoutElement: () => <div data-testid="stripe-express-checkout-element" />,
  CardElement: forwardRef(function CardElement(props: { id: string; onReady?: () => void }, _ref) {
    props.onReady?.();
    return <input id={props.id} aria-label="Card details" />;
  }),
  useStripe: () => ({}),
  useElements: () => ({}),
}));

setUpPaymentStepTests();
beforeEach(() => {
  tracked.length = 0;
});

type PaymentView = StepViewModels['credit-card'];

/** The sandbox payment step of Vogue Digital, priced for where the cart says the buyer is. */
const renderPayment = (selection: CartSelection, view: Partial<PaymentView> = {}) => renderPaymentStep([SANDBOX_CARD], { selection, view });

const inGB = selectionOf('1001', { country: 'GB' });
const sheet = () => screen.getByRole('dialog');

/** An IntersectionObserver that sees every element at once, as on a page where the row and the form's terms fit the screen. */
class SeeingEverything {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, intersectionRatio: 1, target } as never], this as never);
  }
  disconnect() {}
}

describe('the express row (sandbox)', () => {
  it('tells the consent-visible event once, for the one consent box below the wallets', async () => {
    vi.stubGlobal('IntersectionObserver', SeeingEverything);
    try {
      renderPayment(selectionOf('1001', { country: 'US', region: 'NY' }));
      expect(within(await screen.findByTestId('express-checkout')).getByTestId('auto-renewal-terms')).toBeTruthy();
      expect(tracked.filter((event) => event.name === 'auto-renewal-consent-visible')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps its place before the country is known, its wallets waiting, and opens them once it is, right below it', async () => {
    renderPayment(selectionOf('1001'));
    const waiting = screen.getByTestId('express-checkout');
    expect(waiting.textContent).toContain('Choose your country above to pay with a wallet: the tax depends on it.');
    expect((screen.getByTestId('express-apple-pay') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'US' } });
    expect(screen.getByTestId('express-checkout').textContent).toContain('Choose your state above');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
    await waitFor(() => expect((screen.getByTestId('express-apple-pay') as HTMLButtonElement).disabled).toBe(false));
    const row = screen.getByTestId('express-checkout');
    expect(row).toBe(waiting);
    expect(row.textContent).not.toContain('Choose your');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Apple Pay (sandbox)', 'Google Pay (sandbox)', 'Link (sandbox)']);
    // Right after the country, first in the form: nothing else to type before it.
    const form = row.closest('form')!;
    expect(form.firstElementChild!.querySelector('#billing-country')).not.toBeNull();
    expect(form.firstElementChild!.nextElementSibling).toBe(row);
  });

  it.each([
    ['apple-pay', 'Apple Pay', 'Ada', 'Apple', 'ada.apple@example.com'],
    ['google-pay', 'Google Pay', 'Grace', 'Google', 'grace.google@example.com'],
    ['link', 'Link', 'Linus', 'Link', 'linus.link@example.com'],
  ])(
    'pays with %s: a sandbox sheet with the total and terms, the wallet fills the details, the card is the payment',
    async (wallet, name, firstName, lastName, email) => {
      renderPayment(inGB);
      fireEvent.click(await screen.findByTestId(`express-${wallet}`));
      const dialog = sheet();
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      expect(within(dialog).getByRole('heading').textContent).toBe(name);
      expect(dialog.textContent).toContain('Sandbox: no real');
      expect(within(dialog).getByTestId('express-sheet-total').textContent).toBe('$25.00');
      expect(dialog.textContent).toMatch(/Today you pay \$25\.00 including VAT\..*renews automatically/);
      expect((within(dialog).getByLabelText('Card') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Visa •••• 4242');

      const pending = api.defer('submit');
      fireEvent.click(within(dialog).getByRole('button', { name: `Pay $25.00 with ${name}` }));
      await waitFor(() => expect(api.callsOf('submit')).toHaveLength(1));
      expect(api.callsOf('submit')[0]![0]).toMatchObject({
        expressWallet: wallet,
        billing: { email, firstName, lastName, country: 'GB' },
        payment: { kind: 'sandbox-card', number: '4242424242424242', expiry: '12/34', cvc: '123' },
        autoRenewalConsent: false,
      });
      // The form shows what the wallet filled in.
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(email);
      pending.resolve({ status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
      await waitFor(() => expect(push).toHaveBeenCalledWith('/vogue/demo-single/success?livemode=false'));
    },
  );

  it('keeps the wallets shut while the order is re-priced for a new place, and opens them once it is', async () => {
    renderPayment(selectionOf('1001', { country: 'US', region: 'NH' }));
    const button = await screen.findByTestId('express-google-pay');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    const pending = api.defer('quote');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'MA' } });
    await waitFor(() => expect(api.callsOf('quote').length).toBeGreaterThan(0));
    expect((screen.getByTestId('express-google-pay') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('express-google-pay'));
    expect(screen.queryByRole('dialog')).toBeNull();
    pending.resolve(await catalogueApiClient(snapshot).quote(api.callsOf('quote').at(-1)![0]));
    await waitFor(() => expect((screen.getByTestId('express-google-pay') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('express-google-pay'));
    expect(sheet().textContent).toContain('Google Pay');
  });

  it('pays with the card and contact chosen or edited in the sheet', async () => {
    renderPayment(inGB);
    fireEvent.click(await screen.findByTestId('express-apple-pay'));
    fireEvent.change(within(sheet()).getByLabelText('Contact'), { target: { value: '1' } });
    fireEvent.change(within(sheet()).getByLabelText('Card'), { target: { value: '1' } });
    fireEvent.change(within(sheet()).getByLabelText('Last name'), { target: { value: 'Turing' } });
    api.answer('submit', { status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    fireEvent.click(within(sheet()).getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(api.callsOf('submit')).toHaveLength(1));
    expect(api.callsOf('submit')[0]![0]).toMatchObject({
      billing: { firstName: 'Alan', lastName: 'Turing', email: 'alan.apple@example.com' },
      payment: { number: '5555555555554444' },
    });
  });

  it("says what is missing in the sheet and sends nothing while the wallet's contact is incomplete", async () => {
    renderPayment(inGB);
    fireEvent.click(await screen.findByTestId('express-google-pay'));
    fireEvent.change(within(sheet()).getByLabelText('E-mail'), { target: { value: '' } });
    fireEvent.click(within(sheet()).getByRole('button', { name: /^Pay / }));
    const email = within(sheet()).getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(api.callsOf('submit')).toEqual([]);
  });

  it('cancels with Cancel or Escape, charging nothing, and gives focus back to the wallet button', async () => {
    renderPayment(inGB);
    const button = await screen.findByTestId('express-link');
    fireEvent.click(button);
    fireEvent.click(within(sheet()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.keyDown(within(sheet()).getByLabelText('City'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsOf('submit')).toEqual([]);
  });

  it('pays with Enter in the sheet, never submitting the card form', async () => {
    renderPayment(inGB);
    fireEvent.click(await screen.findByTestId('express-apple-pay'));
    api.answer('submit', { status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    fireEvent.keyDown(within(sheet()).getByLabelText('City'), { key: 'Enter' });
    await waitFor(() => expect(api.callsOf('submit')).toHaveLength(1));
    expect(api.callsOf('submit')[0]![0]).toMatchObject({ expressWallet: 'apple-pay' });
  });

  it("closes the sheet on a decline and shows the step's failure beside its button", async () => {
    renderPayment(inGB);
    fireEvent.click(await screen.findByTestId('express-apple-pay'));
    api.answer('submit', {
      status: 'failed',
      transactionId: 'txn_1',
      code: 'generic_decline',
      message: DECLINED,
    });
    fireEvent.change(within(sheet()).getByLabelText('Card'), { target: { value: '3' } });
    fireEvent.click(within(sheet()).getByRole('button', { name: /^Pay / }));
    const failure = await screen.findByText(DECLINED);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(failure));
    expect(push).not.toHaveBeenCalled();
  });

  it('where a mandate applies (New York), shows the terms beside the wallets and opens none until they are agreed to', async () => {
    renderPayment(selectionOf('1001', { country: 'US', region: 'NY' }));
    const row = await screen.findByTestId('express-checkout');
    const consent = within(row).getByLabelText('I agree to the automatic renewal terms above.');
    expect(within(row).getByTestId('auto-renewal-terms').textContent).toMatch(/Today you pay/);
    fireEvent.click(screen.getByTestId('express-apple-pay'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(EXPRESS_CONSENT_MISSING);
    expect(document.activeElement).toBe(consent);

    fireEvent.click(consent);
    // One consent on the page, for the wallets and the card form alike.
    expect(screen.getAllByRole('checkbox', { name: 'I agree to the automatic renewal terms above.' })).toEqual([consent]);
    expect((consent as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('express-apple-pay'));
    api.answer('submit', { status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    fireEvent.click(within(sheet()).getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(api.callsOf('submit')).toHaveLength(1));
    expect(api.callsOf('submit')[0]![0]).toMatchObject({ autoRenewalConsent: true, billing: { country: 'US', region: 'NY' } });
  });

  const withWallets: Partial<PaymentView> = {
    paymentMethods: [
      { id: 'card', config: { gateway: 'sandbox' } },
      { id: 'paypal', config: { gateway: 'sandbox' } },
      { id: 'amazon-pay', config: { gateway: 'sandbox' } },
    ],
  };

  it('offers PayPal and Amazon Pay as buttons that choose that method and start it, asking first for the details still missing', async () => {
    renderPayment(inGB, withWallets);
    fireEvent.click(await screen.findByTestId('express-paypal'));
    await waitFor(() => expect((screen.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(api.callsOf('submit')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Reader' } });
    const pending = api.defer('submit');
    fireEvent.click(screen.getByTestId('express-amazon-pay'));
    await waitFor(() => expect(api.callsOf('submit')).toHaveLength(1));
    expect((screen.getByRole('radio', { name: 'Amazon Pay' }) as HTMLInputElement).checked).toBe(true);
    expect(api.callsOf('submit')[0]![0]).toMatchObject({ payment: { kind: 'amazon-pay' }, expressWallet: null });
    pending.resolve({ status: 'failed', transactionId: 'txn_1', code: 'cancelled', message: 'You left without approving the payment.' });
  });
});

describe('the express row (Stripe keys)', () => {
  const STRIPE_CARD = { id: 'card', config: { gateway: 'stripe', publishableKey: 'pk_test_123' } } as const;
  const renderStripe = (selection: CartSelection) => renderPaymentStep([STRIPE_CARD], { selection });
  beforeEach(() => {
    stripeElements.options.length = 0;
  });
  /** The options of the express row's Elements, the last rendered (the card field's Elements take only a locale). */
  const expressOptions = () =>
    stripeElements.options.filter((options) => typeof options === 'object' && options !== null && 'mode' in options).at(-1);

  it("shows Stripe's wallets for what is due today, and no sandbox sheet", async () => {
    renderStripe(inGB);
    expect(await screen.findByTestId('stripe-express-checkout-element')).toBeTruthy();
    expect(screen.queryByTestId('express-apple-pay')).toBeNull();
    expect(expressOptions()).toMatchObject({ mode: 'payment', amount: 2500, currency: 'usd' });
  });

  it('shows them where nothing is due today (a 100 % promo code), Stripe set up to keep the card for the renewals', async () => {
    renderStripe(selectionOf('1001', { country: 'GB', promoCode: 'FREE100' }));
    expect(await screen.findByTestId('stripe-express-checkout-element')).toBeTruthy();
    expect(expressOptions()).toEqual({
      mode: 'setup',
      currency: 'usd',
      setupFutureUsage: 'off_session',
      paymentMethodCreation: 'manual',
      locale: 'en',
    });
  });
});
