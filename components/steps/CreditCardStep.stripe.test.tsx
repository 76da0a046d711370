// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { forwardRef, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPaymentStep, setUpPaymentStepTests } from '@/tests/fixtures/creditCardStep';
import { push } from '@/tests/fixtures/paymentStepRouter';
import { api } from '@/tests/fixtures/stepTests';
import type { JourneyMode } from '@/lib/journey/query';
import { API_MESSAGES, ApiError } from '@/lib/api/apiErrors';

vi.mock('next/router', () => import('@/tests/fixtures/paymentStepRouter'));

// Stripe.js cannot load here: a stand-in with the two calls the card step makes.
const stripe = {
  createPaymentMethod: vi.fn(async (_options: unknown) => ({ paymentMethod: { id: 'pm_card_visa' }, error: undefined })),
  handleNextAction: vi.fn(async (_options: unknown) => ({ error: undefined })),
};
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => stripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: forwardRef(function CardElement(props: { id: string; onReady?: () => void }, _ref) {
    props.onReady?.();
    return <input id={props.id} aria-label="Card details" />;
  }),
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => ({ kind: 'card-element' }) }),
  // The express row's wallets (tested in components/payment-methods/express): none on this device.
  ExpressCheckoutElement: () => null,
}));
vi.mock('next/dynamic', () => ({
  default: (load: () => Promise<{ default: React.ComponentType }>) => {
    let Loaded: React.ComponentType | null = null;
    const promise = load().then((module) => {
      Loaded = module.default;
    });
    return function Dynamic(props: object) {
      if (!Loaded) throw promise;
      return <Loaded {...props} />;
    };
  },
}));

setUpPaymentStepTests();
beforeEach(() => {
  stripe.createPaymentMethod.mockClear();
  stripe.handleNextAction.mockClear();
});

function renderStep(publishableKey: string, mode: JourneyMode, search: string) {
  renderPaymentStep([{ id: 'card', config: { gateway: 'stripe', publishableKey } }], { search, mode });
}

async function fillAndSubmit() {
  renderStep('pk_test_123', { livemode: false, source: null }, '?livemode=false');
  await screen.findByLabelText('Card details');
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Reader' } });
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
  // The order is priced for the country first: a submit waits for that total. Role queries
  // rerun on every change of the page and are slow on a busy machine: more than the default second.
  const submit = await screen.findByRole('button', { name: /^Subscribe for / }, { timeout: 5000 });
  await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('false'));
  fireEvent.click(submit);
}

describe('CreditCardStep with Stripe', () => {
  it('shows Stripe Elements instead of the sandbox form', async () => {
    renderStep('pk_live_1', { livemode: true, source: null }, '');
    expect(await screen.findByLabelText('Card details')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByTestId('sandbox-note')).toBeNull();
  });

  it('sends a payment method id, never card numbers, and goes to success', async () => {
    api.answer('submit', { status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    await fillAndSubmit();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/vogue/demo-single/success?livemode=false'));
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        billing_details: expect.objectContaining({ email: 'ada@example.com', name: 'Ada Reader', address: { country: 'GB' } }),
      }),
    );
    const [submit] = api.callsOf('submit')[0]!;
    expect(submit.payment).toEqual({ kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' });
    expect(submit.returnPath).toBe('/vogue/demo-single/credit-card?livemode=false');
    expect(JSON.stringify(api.calls)).not.toMatch(/4242/);
    expect(stripe.handleNextAction).not.toHaveBeenCalled();
  });

  it('sends the same payment method again when the attempt is retried after a lost answer, so it is the same request', async () => {
    api
      .fail('submit', new ApiError({ status: 0, message: API_MESSAGES.payment.unreachable }))
      .answer('submit', { status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    await fillAndSubmit();
    // The page words a lost answer itself, from its catalogue (payment.error.unreachable).
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach our server. Please check your connection and try again: your payment will not be taken twice.',
    );
    fireEvent.click(screen.getByRole('button', { name: /^Subscribe for / }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/vogue/demo-single/success?livemode=false'));
    expect(stripe.createPaymentMethod).toHaveBeenCalledTimes(1);
    const [first, second] = api.callsOf('submit').map(([request]) => request);
    expect(second!.payment).toEqual(first!.payment);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });

  it('hands 3-D Secure to Stripe.js, then asks the server where the payment stands', async () => {
    api
      .answer('submit', {
        status: 'requires_action',
        transactionId: 'txn_1',
        action: { type: 'stripe_sdk', clientSecret: 'pi_1_secret_2' },
      })
      .answer('confirm', { status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    await fillAndSubmit();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/vogue/demo-single/success?livemode=false'));
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
    const [submit] = api.callsOf('submit')[0]!;
    expect(api.callsOf('confirm')).toEqual([[submit.idempotencyKey, '/vogue/demo-single/credit-card?livemode=false']]);
  });

  it("shows Stripe's message when the card cannot be read, and sends nothing", async () => {
    stripe.createPaymentMethod.mockResolvedValueOnce({
      paymentMethod: undefined as never,
      error: { message: 'Your card number is incomplete.' } as never,
    });
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    expect(api.callsOf('submit')).toEqual([]);
  });
});
