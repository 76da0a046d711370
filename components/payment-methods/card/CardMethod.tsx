import dynamic from 'next/dynamic';
import { useImperativeHandle, useRef, useState } from 'react';
import { SandboxCardFields, type CardField } from '@/components/checkout/SandboxCardFields';
import type { StripeCardHandle } from '@/components/checkout/StripeCardSection';
import { Loader } from '@/components/ui/Loader';
import type { PaymentMethodView, PaymentMethodViewProps } from '@/components/payment-methods/types';
import { validateCardFields, type CardFields } from '@/lib/payments/cardFields';

const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '' };
const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc'];
const NO_IN_PAGE_ACTION = 'Your bank asked for a check this page cannot show. Please try again.';

/** Stripe Elements load only where Stripe takes the payments, and only in the browser. */
const StripeCardSection = dynamic(() => import('@/components/checkout/StripeCardSection'), {
  ssr: false,
  loading: () => <Loader type="form-loading" label="Loading the card form…" />,
});

/** The sandbox's card fields: their own values and checks; card data never leaves this view but in the submit. */
function SandboxCard({ handleRef, showErrors }: PaymentMethodViewProps<'card'>) {
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [touched, setTouched] = useState<Set<CardField>>(new Set());
  const elements = useRef(new Map<CardField, HTMLInputElement | null>());
  const errors = validateCardFields(card, new Date());
  useImperativeHandle(handleRef, () => ({
    firstInvalidField: () => {
      const field = CARD_FIELDS.find((name) => errors[name]);
      return field ? (elements.current.get(field) ?? null) : null;
    },
    prepare: async () => ({ payment: { kind: 'sandbox-card', ...card } }),
    // The sandbox's bank is a page of its own (a redirect), never an in-page check.
    handleAction: async () => ({ error: NO_IN_PAGE_ACTION }),
  }));
  return (
    <SandboxCardFields
      card={card}
      errors={Object.fromEntries(Object.entries(errors).filter(([field]) => showErrors || touched.has(field as CardField)))}
      onChange={(field, value) => setCard((current) => ({ ...current, [field]: value }))}
      onBlur={(field) => setTouched((current) => new Set(current).add(field))}
      register={(field) => (element) => {
        elements.current.set(field, element);
      }}
    />
  );
}

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

export const cardView: PaymentMethodView<'card'> = { View: CardView, submitLabel: (_config, label) => label };
