// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { forwardRef, type ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { cartItemFor } from '@/lib/cart/cart';
import { writeCart } from '@/lib/cart/useCart';
import { quoteRequestSchema } from '@/lib/checkout/quoteContract';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { quoteCheckout } from '@/lib/server/checkout/quoteService';
import CreditCardStep from './CreditCardStep';

const push = vi.fn(async (_url: string) => true);
vi.mock('next/router', () => ({ useRouter: () => ({ push, asPath: '/vogue/demo-single/credit-card?livemode=false' }) }));

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

let snapshot: CatalogueSnapshot;
const calls: { path: string; body: Record<string, unknown> }[] = [];
let submitAnswer: object;

beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(() => {
  window.sessionStorage.clear();
  calls.length = 0;
  push.mockClear();
  stripe.createPaymentMethod.mockClear();
  stripe.handleNextAction.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ path, body });
      if (path === '/api/checkout/quote') return Response.json(quoteCheckout(snapshot, quoteRequestSchema.parse(body), new Date()));
      if (path === '/api/checkout/submit') return Response.json(submitAnswer);
      return Response.json({ status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit() {
  const flow = snapshot.flowsByPath.get('vogue/demo-single')!;
  writeCart(flow.campaignId, [cartItemFor(flow.data.pageData.plans[0]!, flow.campaignId)]);
  render(
    <CreditCardStep
      flow={flow}
      base="/vogue/demo-single"
      search="?livemode=false"
      mode={{ livemode: false, source: null }}
      crossSells={[]}
      transaction={null}
      payments={{ gateway: 'stripe', publishableKey: 'pk_test_123' }}
      returnSegments={[]}
      authError={null}
    />,
  );
  await screen.findByLabelText('Card details');
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Reader' } });
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('CreditCardStep with Stripe', () => {
  it('shows Stripe Elements instead of the sandbox form', async () => {
    submitAnswer = {};
    const flow = snapshot.flowsByPath.get('vogue/demo-single')!;
    writeCart(flow.campaignId, [cartItemFor(flow.data.pageData.plans[0]!, flow.campaignId)]);
    render(
      <CreditCardStep flow={flow} base="/vogue/demo-single" search="" mode={{ livemode: true, source: null }} crossSells={[]} transaction={null} payments={{ gateway: 'stripe', publishableKey: 'pk_live_1' }} returnSegments={[]} authError={null} />,
    );
    expect(await screen.findByLabelText('Card details')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByTestId('sandbox-note')).toBeNull();
  });

  it('sends a payment method id, never card numbers, and goes to success', async () => {
    submitAnswer = { status: 'succeeded', transactionId: 'txn_1', successPath: '/vogue/demo-single/success?livemode=false' };
    await fillAndSubmit();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/vogue/demo-single/success?livemode=false'));
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'card', billing_details: expect.objectContaining({ email: 'ada@example.com', name: 'Ada Reader', address: { country: 'GB' } }) }),
    );
    const submit = calls.find((call) => call.path === '/api/checkout/submit')!;
    expect(submit.body.payment).toEqual({ kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' });
    expect(submit.body.returnPath).toBe('/vogue/demo-single/credit-card?livemode=false');
    expect(stripe.handleNextAction).not.toHaveBeenCalled();
  });

  it('hands 3-D Secure to Stripe.js, then asks the server where the payment stands', async () => {
    submitAnswer = { status: 'requires_action', transactionId: 'txn_1', action: { type: 'stripe_sdk', clientSecret: 'pi_1_secret_2' } };
    await fillAndSubmit();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/vogue/demo-single/success?livemode=false'));
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
    const submit = calls.find((call) => call.path === '/api/checkout/submit')!;
    const confirm = calls.find((call) => call.path === '/api/checkout/confirm')!;
    expect(confirm.body).toEqual({ idempotencyKey: submit.body.idempotencyKey, returnPath: '/vogue/demo-single/credit-card?livemode=false' });
  });

  it("shows Stripe's message when the card cannot be read, and sends nothing", async () => {
    submitAnswer = {};
    stripe.createPaymentMethod.mockResolvedValueOnce({ paymentMethod: undefined as never, error: { message: 'Your card number is incomplete.' } as never });
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    expect(calls.some((call) => call.path === '/api/checkout/submit')).toBe(false);
  });
});
