// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingForm } from '@/lib/checkout/billing';
import type { PaymentAttempt } from '@/lib/payments/runPayment';
import type { ExpressPayment } from './expressPayment';
import StripeExpressCheckout from './StripeExpressCheckout';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

// Stripe.js cannot load here: stand-ins that keep what the element was given.
const stripe = {
  createPaymentMethod: vi.fn(async (_options: unknown) => ({ paymentMethod: { id: 'pm_apple' }, error: undefined })),
  handleNextAction: vi.fn(async (_options: unknown) => ({ error: undefined })),
};
const elements = { submit: vi.fn(async () => ({ error: undefined })) };
let element: { options: unknown; onClick: (event: unknown) => void; onConfirm: (event: unknown) => Promise<void> };
let elementsOptions: unknown;
/** The options of each Elements made (mounted), in order: a new one is a new Elements group at Stripe. */
let elementsMade: unknown[] = [];
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => stripe }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect, useEffectEvent } = await import('react');
  return {
    Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
      elementsOptions = options;
      // Once per mount, with the options it was made with.
      const made = useEffectEvent(() => void elementsMade.push(options));
      useEffect(() => made(), []);
      return <>{children}</>;
    },
    ExpressCheckoutElement: (props: typeof element) => {
      element = props;
      return null;
    },
    useStripe: () => stripe,
    useElements: () => elements,
  };
});

const BASE: BillingForm = {
  email: '',
  firstName: '',
  lastName: '',
  country: 'US',
  region: 'CA',
  companyName: '',
  vatNumber: '',
  line1: '',
  city: '',
  postalCode: '',
  deliveryCountry: '',
  deliveryRegion: '',
  deliveryLine1: '',
  deliveryCity: '',
  deliveryPostalCode: '',
};

function attempt(): PaymentAttempt {
  let remembered: string | undefined;
  return {
    key: () => 'key',
    paymentMethodId: () => remembered,
    rememberPaymentMethod: (id) => void (remembered = id),
    finish: () => undefined,
  };
}

const confirmEvent = (expressPaymentType = 'apple_pay') => ({
  expressPaymentType,
  paymentFailed: vi.fn(),
  billingDetails: {
    name: 'Ada King Lovelace',
    email: 'ada@example.com',
    address: { line1: '1 Main St', city: 'Los Angeles', postal_code: '90001', country: 'US', state: 'CA' },
  },
});

let payments: ExpressPayment[];
let answer: { status: string } | null;
const props = (mayStart = () => true) => ({
  publishableKey: 'pk_test_123',
  amount: 2500,
  currencyCode: 'USD' as const,
  mayStart,
  formFor: (contact: object) => ({ ...BASE, ...contact }),
  pay: (wallet: ExpressPayment['wallet'], form: BillingForm, method: ExpressPayment['method']) => {
    payments.push({ wallet, form, method });
    return Promise.resolve(answer);
  },
});

beforeEach(() => {
  payments = [];
  answer = { status: 'succeeded' };
  stripe.createPaymentMethod.mockClear();
  stripe.handleNextAction.mockClear();
  elements.submit.mockClear();
  elementsMade = [];
});

describe("Stripe's Express Checkout Element", () => {
  it('is set up for the total in minor units, the card kept for renewals and made by us', () => {
    render(<StripeExpressCheckout {...props()} />);
    expect(elementsOptions).toEqual({
      mode: 'payment',
      amount: 2500,
      currency: 'usd',
      setupFutureUsage: 'off_session',
      paymentMethodCreation: 'manual',
      locale: 'en',
    });
  });

  it("speaks the page's language: a German page's wallet buttons are German", () => {
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <StripeExpressCheckout {...props()} currencyCode="EUR" />
      </I18nProvider>,
    );
    expect(elementsOptions).toMatchObject({ mode: 'payment', currency: 'eur', locale: 'de' });
  });

  it('is set up for a setup where nothing is due today (a free trial, a 100 % promo code), the card kept for renewals', () => {
    render(<StripeExpressCheckout {...props()} amount={0} />);
    // Stripe's setup mode, not a payment of 0: our server keeps the card with a SetupIntent.
    expect(elementsOptions).toEqual({
      mode: 'setup',
      currency: 'usd',
      setupFutureUsage: 'off_session',
      paymentMethodCreation: 'manual',
      locale: 'en',
    });
  });

  it('takes a new total in place, and makes new Elements when the order becomes free or stops being free', () => {
    const { rerender } = render(<StripeExpressCheckout {...props()} />);
    rerender(<StripeExpressCheckout {...props()} amount={2000} />);
    expect(elementsMade).toHaveLength(1);
    expect(elementsOptions).toMatchObject({ mode: 'payment', amount: 2000 });
    rerender(<StripeExpressCheckout {...props()} amount={0} />);
    rerender(<StripeExpressCheckout {...props()} amount={2500} />);
    expect(elementsMade).toEqual([
      expect.objectContaining({ mode: 'payment', amount: 2500 }),
      expect.not.objectContaining({ amount: expect.anything() }),
      expect.objectContaining({ mode: 'payment', amount: 2500 }),
    ]);
    expect(elementsMade[1]).toMatchObject({ mode: 'setup' });
  });

  it("pays a wallet when nothing is due as when something is: its card becomes a payment method, and a SetupIntent's bank check is shown", async () => {
    render(<StripeExpressCheckout {...props()} amount={0} />);
    const event = confirmEvent('google_pay');
    await act(() => element.onConfirm(event));
    const [payment] = payments;
    expect(payment!.wallet).toBe('google-pay');
    expect(await payment!.method.prepare({} as never, attempt())).toEqual({
      payment: { kind: 'stripe-payment-method', paymentMethodId: 'pm_apple' },
    });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ elements });
    // The server made and confirmed the SetupIntent; Stripe.js only shows what the bank asks.
    expect(await payment!.method.handleAction({ type: 'stripe_sdk', clientSecret: 'seti_1_secret_x' })).toEqual({});
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'seti_1_secret_x' });
    expect(event.paymentFailed).not.toHaveBeenCalled();
  });

  it('opens a wallet asking for the e-mail and billing address, and none while the consent is missing', () => {
    const open = { resolve: vi.fn(), reject: vi.fn(), expressPaymentType: 'apple_pay' };
    render(<StripeExpressCheckout {...props()} />);
    element.onClick(open);
    expect(open.resolve).toHaveBeenCalledWith({ emailRequired: true, billingAddressRequired: true });

    const refused = { resolve: vi.fn(), reject: vi.fn(), expressPaymentType: 'google_pay' };
    render(<StripeExpressCheckout {...props(() => false)} />);
    element.onClick(refused);
    expect(refused.reject).toHaveBeenCalled();
    expect(refused.resolve).not.toHaveBeenCalled();
  });

  it.each([
    ['apple_pay', 'apple-pay'],
    ['google_pay', 'google-pay'],
    ['link', 'link'],
  ])('pays %s as a card: the wallet fills the details, its card becomes a payment method once per attempt', async (type, wallet) => {
    render(<StripeExpressCheckout {...props()} />);
    const event = confirmEvent(type);
    await act(() => element.onConfirm(event));
    expect(payments).toHaveLength(1);
    const [payment] = payments;
    expect(payment!.wallet).toBe(wallet);
    expect(payment!.form).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      email: 'ada@example.com',
      line1: '1 Main St',
      city: 'Los Angeles',
      postalCode: '90001',
      country: 'US',
      region: 'CA',
    });
    const tried = attempt();
    expect(await payment!.method.prepare({} as never, tried)).toEqual({
      payment: { kind: 'stripe-payment-method', paymentMethodId: 'pm_apple' },
    });
    expect(await payment!.method.prepare({} as never, tried)).toEqual({
      payment: { kind: 'stripe-payment-method', paymentMethodId: 'pm_apple' },
    });
    expect(elements.submit).toHaveBeenCalledTimes(1);
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ elements });
    expect(event.paymentFailed).not.toHaveBeenCalled();
  });

  it("tells the wallet's sheet the payment failed when the step did not pay", async () => {
    answer = { status: 'failed' };
    render(<StripeExpressCheckout {...props()} />);
    const event = confirmEvent();
    await act(() => element.onConfirm(event));
    expect(event.paymentFailed).toHaveBeenCalledWith({ reason: 'fail' });
  });

  it('refuses a wallet that is not a card payment to us (PayPal through Stripe is not offered)', async () => {
    render(<StripeExpressCheckout {...props()} />);
    const event = confirmEvent('paypal');
    await act(() => element.onConfirm(event));
    expect(payments).toEqual([]);
    expect(event.paymentFailed).toHaveBeenCalled();
  });
});
