import { useEffect, useImperativeHandle, useMemo, useState, type RefObject } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CardBrandMarks } from '@/components/checkout/CardBrandMarks';
import { Loader } from '@/components/ui/Loader';
import { useWords } from '@/components/shell/I18n';
import { stripeLocale } from '@/lib/payments/providerLocales';
import type { Billing } from '@/lib/checkout/billing';
import styles from '@/components/checkout/CheckoutForm.module.css';

/** What the card step asks of Stripe: a payment method from the card, and 3-D Secure. */
export interface StripeCardHandle {
  /** Without billing (the account's card change): the card alone, its subscription already has its buyer. */
  createPaymentMethod(billing?: Billing): Promise<{ id: string } | { error: string }>;
  handleNextAction(clientSecret: string): Promise<{ error?: string }>;
  /**
   * An off-session payment Stripe declined for 3-D Secure (a renewal) waits for a payment
   * method again: confirmed on-session with the card it was tried with, the bank's check shown.
   */
  confirmWithSavedCard(clientSecret: string, paymentMethodId: string): Promise<{ error?: string }>;
}

function StripeCardForm({ handleRef, onReady }: { handleRef: RefObject<StripeCardHandle | null>; onReady: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const { t } = useWords();
  const checkFailed = t('methods.card.checkFailed');
  useImperativeHandle(
    handleRef,
    () => ({
      async createPaymentMethod(billing) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { error: t('methods.card.stillLoading') };
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          ...(billing
            ? {
                billing_details: {
                  email: billing.email,
                  name: `${billing.firstName} ${billing.lastName}`,
                  address: {
                    country: billing.country,
                    ...(billing.region ? { state: billing.region } : {}),
                    ...(billing.address
                      ? { line1: billing.address.line1, city: billing.address.city, postal_code: billing.address.postalCode }
                      : {}),
                  },
                },
              }
            : {}),
        });
        return paymentMethod ? { id: paymentMethod.id } : { error: error?.message ?? checkFailed };
      },
      async handleNextAction(clientSecret) {
        if (!stripe) return { error: checkFailed };
        const { error } = await stripe.handleNextAction({ clientSecret });
        return error ? { error: error.message ?? checkFailed } : {};
      },
      async confirmWithSavedCard(clientSecret, paymentMethodId) {
        if (!stripe) return { error: checkFailed };
        const { error } = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId });
        return error ? { error: error.message ?? checkFailed } : {};
      },
    }),
    [stripe, elements, t, checkFailed],
  );
  return (
    <div className={styles.stripeCard}>
      <CardElement id="stripe-card" options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} onReady={onReady} />
    </div>
  );
}

/**
 * Card entry by Stripe Elements, used when Stripe keys are configured: the card never
 * touches our server, which receives a payment method id. Stripe's field speaks the page's language.
 */
export default function StripeCardSection({
  publishableKey,
  handleRef,
}: {
  publishableKey: string;
  handleRef: RefObject<StripeCardHandle | null>;
}) {
  const [loadError, setLoadError] = useState(false);
  const [ready, setReady] = useState(false);
  const words = useWords();
  const { t } = words;
  const stripePromise = useMemo(
    () =>
      loadStripe(publishableKey).catch(() => {
        setLoadError(true);
        return null;
      }),
    [publishableKey],
  );
  useEffect(() => setReady(false), [publishableKey]);
  return (
    <fieldset className={styles.section}>
      <legend>{t('methods.card.legend')}</legend>
      <div className={styles.cardLabelRow}>
        <p id="stripe-card-label" className={styles.fieldLabel}>
          {t('methods.card.details')}
        </p>
        {/* Stripe's field shows the brand it reads from the number itself. */}
        <CardBrandMarks />
      </div>
      {loadError ? (
        <p role="alert" className={styles.error}>
          {t('methods.card.loadFailed')}
        </p>
      ) : (
        <>
          {!ready && <Loader type="form-loading" label={t('methods.card.loading')} />}
          <Elements stripe={stripePromise} options={{ locale: stripeLocale(words.locale) }}>
            <StripeCardForm handleRef={handleRef} onReady={() => setReady(true)} />
          </Elements>
        </>
      )}
    </fieldset>
  );
}
