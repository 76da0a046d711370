import dynamic from 'next/dynamic';
import { cardDeclaration } from '@/lib/payments/stripe/cardDeclaration';
import { useImperativeHandle, useRef } from 'react';
import { SandboxCard } from '@/components/payment-methods/sandbox/SandboxCard';
import type { StripeCardHandle } from './StripeCardSection';
import { Loader } from '@/components/ui/Loader';
import { useWords } from '@/components/shell/I18n';
import type { PaymentMethodView, PaymentMethodViewProps } from '@/components/payment-methods/types';

/** Stripe Elements load only where Stripe takes the payments, and only in the browser. */
const StripeCardSection = dynamic(() => import('./StripeCardSection'), {
  ssr: false,
  loading: () => <LoadingCardForm />,
});

function LoadingCardForm() {
  const { t } = useWords();
  return <Loader type="form-loading" label={t('methods.card.loading')} />;
}

/** Stripe Elements: the card never touches our server, which receives a payment method id. */
function StripeCard({ config, handleRef }: PaymentMethodViewProps<'card'> & { config: { gateway: 'stripe'; publishableKey: string } }) {
  const stripe = useRef<StripeCardHandle | null>(null);
  const { t } = useWords();
  useImperativeHandle(handleRef, () => ({
    firstInvalidField: () => null, // Stripe checks the card itself when the payment method is made
    async prepare(billing, attempt) {
      // One payment method per attempt, so that a retried attempt is the same request.
      const remembered = attempt.paymentMethodId();
      if (remembered) return { payment: { kind: 'stripe-payment-method', paymentMethodId: remembered } };
      const method = stripe.current ? await stripe.current.createPaymentMethod(billing) : { error: t('methods.card.stillLoading') };
      if ('error' in method) return method;
      attempt.rememberPaymentMethod(method.id);
      return { payment: { kind: 'stripe-payment-method', paymentMethodId: method.id } };
    },
    async handleAction(action) {
      if (action.type !== 'stripe_sdk' || !stripe.current) return { error: t('methods.bank.noInPageCheck') };
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
