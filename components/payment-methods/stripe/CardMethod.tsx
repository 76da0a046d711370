import dynamic from 'next/dynamic';
import { cardDeclaration } from '@/lib/payments/stripe/cardDeclaration';
import { useImperativeHandle, useRef } from 'react';
import { SandboxCard } from '@/components/payment-methods/sandbox/SandboxCard';
import type { StripeCardHandle } from './StripeCardSection';
import { Loader } from '@/components/ui/Loader';
import type { PaymentMethodView, PaymentMethodViewProps } from '@/components/payment-methods/types';

const NO_IN_PAGE_ACTION = 'Your bank asked for a check this page cannot show. Please try again.';

/** Stripe Elements load only where Stripe takes the payments, and only in the browser. */
const StripeCardSection = dynamic(() => import('./StripeCardSection'), {
  ssr: false,
  loading: () => <Loader type="form-loading" label="Loading the card form…" />,
});

/** Stripe Elements: the card never touches our server, which receives a payment method id. */
function StripeCard({ config, handleRef }: PaymentMethodViewProps<'card'> & { config: { gateway: 'stripe'; publishableKey: string } }) {
  const stripe = useRef<StripeCardHandle | null>(null);
  useImperativeHandle(handleRef, () => ({
    firstInvalidField: () => null, // Stripe checks the card itself when the payment method is made
    async prepare(billing, attempt) {
      // One payment method per attempt, so that a retried attempt is the same request.
      const remembered = attempt.paymentMethodId();
      if (remembered) return { payment: { kind: 'stripe-payment-method', paymentMethodId: remembered } };
      const method = stripe.current
        ? await stripe.current.createPaymentMethod(billing)
        : { error: 'The card form is still loading. Please wait a moment.' };
      if ('error' in method) return method;
      attempt.rememberPaymentMethod(method.id);
      return { payment: { kind: 'stripe-payment-method', paymentMethodId: method.id } };
    },
    async handleAction(action) {
      if (action.type !== 'stripe_sdk' || !stripe.current) return { error: NO_IN_PAGE_ACTION };
      return stripe.current.handleNextAction(action.clientSecret);
    },
  }));
  return <StripeCardSection publishableKey={config.publishableKey} handleRef={stripe} />;
}

/** The card payment method: Stripe Elements when Stripe is configured for this mode, else the sandbox's fields. */
function CardView(props: PaymentMethodViewProps<'card'>) {
  const { config } = props;
  return config.gateway === 'stripe' ? <StripeCard {...props} config={config} /> : <SandboxCard {...props} />;
}

export const cardView: PaymentMethodView<'card'> = { id: cardDeclaration.id, View: CardView, submitLabel: (_config, label) => label };
