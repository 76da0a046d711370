import { useMemo } from 'react';
import { Elements, ExpressCheckoutElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { StripeElementsOptionsMode, StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import type { BillingForm } from '@/lib/checkout/billing';
import type { ExpressWalletId } from '@/lib/payments/express/expressWallets';
import type { WalletContact } from '@/lib/payments/express/sandboxWallets';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { ExpressPayment } from './expressPayment';
import { useWords } from '@/components/shell/I18n';
import { stripeLocale } from '@/lib/payments/providerLocales';

/** Stripe's names of the wallets it shows, as ours. */
const WALLETS: Partial<Record<StripeExpressCheckoutElementConfirmEvent['expressPaymentType'], ExpressWalletId>> = {
  apple_pay: 'apple-pay',
  google_pay: 'google-pay',
  link: 'link',
};

export interface StripeExpressCheckoutProps {
  publishableKey: string;
  /** What is charged today, in minor units: the wallet's sheet shows it. 0: nothing today (a free trial, a 100 % promo code). */
  amount: number;
  currencyCode: CurrencyCode;
  /** False when the wallet may not open yet (the renewal consent is missing; the row says so). */
  mayStart(): boolean;
  formFor(contact: WalletContact): BillingForm;
  pay(wallet: ExpressWalletId, form: BillingForm, method: ExpressPayment['method']): ReturnType<ExpressPaymentRun>;
}

type ExpressPaymentRun = (express: ExpressPayment) => Promise<unknown> | null;

/**
 * Stripe's Elements for what is due today. Where something is, a payment of that amount; where
 * nothing is, our server keeps the wallet's card with a SetupIntent (StripeGateway.chargeFor),
 * and Stripe wants Elements in setup mode for it, not a payment of 0. Either way the card is
 * kept for the renewals we charge off-session, and the payment method is made by us (manual).
 */
export function elementsOptionsFor(amount: number, currencyCode: CurrencyCode): StripeElementsOptionsMode {
  const kept = { currency: currencyCode.toLowerCase(), setupFutureUsage: 'off_session', paymentMethodCreation: 'manual' } as const;
  return amount > 0 ? { mode: 'payment', amount, ...kept } : { mode: 'setup', ...kept };
}

/** The wallet's billing details as our contact; the country stays the one the order is priced for. */
function contactOf(details: StripeExpressCheckoutElementConfirmEvent['billingDetails']): WalletContact {
  const [firstName = '', ...rest] = (details?.name ?? '').trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(' '),
    email: details?.email ?? '',
    line1: details?.address?.line1 ?? '',
    city: details?.address?.city ?? '',
    postalCode: details?.address?.postal_code ?? '',
  };
}

function ExpressButtons({ mayStart, formFor, pay }: Pick<StripeExpressCheckoutProps, 'mayStart' | 'formFor' | 'pay'>) {
  const stripe = useStripe();
  const elements = useElements();
  const { t } = useWords();
  const walletFailed = t('methods.express.walletFailed');
  return (
    <ExpressCheckoutElement
      options={{
        paymentMethods: { applePay: 'always', googlePay: 'always', link: 'auto', paypal: 'never', amazonPay: 'never', klarna: 'never' },
      }}
      onClick={(event) => {
        // Within a second, as Stripe asks: the consent is known at once.
        if (!mayStart()) return event.reject();
        event.resolve({ emailRequired: true, billingAddressRequired: true });
      }}
      onConfirm={async (event) => {
        const wallet = WALLETS[event.expressPaymentType];
        if (!stripe || !elements || !wallet) return event.paymentFailed({ reason: 'fail' });
        const running = pay(wallet, formFor(contactOf(event.billingDetails)), {
          // The card the wallet handed over, as a Stripe payment method, reused on a retry of the attempt.
          async prepare(_billing, attempt) {
            const remembered = attempt.paymentMethodId();
            if (remembered) return { payment: { kind: 'stripe-payment-method', paymentMethodId: remembered } };
            const submitted = await elements.submit();
            if (submitted.error) return { error: submitted.error.message ?? walletFailed };
            const { paymentMethod, error } = await stripe.createPaymentMethod({ elements });
            if (!paymentMethod) return { error: error?.message ?? walletFailed };
            attempt.rememberPaymentMethod(paymentMethod.id);
            return { payment: { kind: 'stripe-payment-method', paymentMethodId: paymentMethod.id } };
          },
          // Our server confirms the intent, a PaymentIntent or (nothing due) a SetupIntent, as it
          // does the card form's; Stripe.js only shows what the bank asks, with either intent's
          // client secret. (confirmPayment and confirmSetup confirm in the browser instead.)
          async handleAction(action) {
            if (action.type !== 'stripe_sdk') return { error: walletFailed };
            const { error } = await stripe.handleNextAction({ clientSecret: action.clientSecret });
            return error ? { error: error.message ?? walletFailed } : {};
          },
        });
        const end = (await running) as { status?: string } | null;
        // The wallet's sheet closes with its own word; the step says what happened beside its button.
        if (end?.status !== 'succeeded' && end?.status !== 'redirecting') event.paymentFailed({ reason: 'fail' });
      }}
    />
  );
}

/**
 * Apple Pay, Google Pay and Link through Stripe's Express Checkout Element: the wallet's
 * card becomes a Stripe payment method, which the submit charges as any card (and keeps for
 * renewals), named with the wallet it came from.
 */
export default function StripeExpressCheckout({ publishableKey, amount, currencyCode, ...buttons }: StripeExpressCheckoutProps) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  const { locale } = useWords();
  // Stripe's wallet buttons speak the page's language (the wallet's own sheet speaks the device's).
  const options = { ...elementsOptionsFor(amount, currencyCode), locale: stripeLocale(locale) };
  // A new amount is passed to Stripe's Elements in place; a new mode (a 100 % promo code
  // applied or removed) makes new Elements, since an update passes on only the options given
  // and would leave the payment's amount in a setup.
  return (
    <Elements key={options.mode} stripe={stripe} options={options}>
      <ExpressButtons {...buttons} />
    </Elements>
  );
}
