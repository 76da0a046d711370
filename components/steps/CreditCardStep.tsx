import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Head from 'next/head';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Loader } from '../ui/Loader';
import { AutoRenewalTerms } from '../checkout/AutoRenewalTerms';
import { BillingFields } from '../checkout/BillingFields';
import { MarketingPermissions, NO_MARKETING } from '../checkout/MarketingPermissions';
import { SandboxCardFields, type CardField } from '../checkout/SandboxCardFields';
import type { StripeCardHandle } from '../checkout/StripeCardSection';
import { dynamicWithLoader } from '../ui/dynamicWithLoader';
import { OrderSummary } from './OrderSummary';
import type { StepProps } from './registry';
import { useCart } from '@/lib/cart/useCart';
import { BILLING_FIELD_ORDER, billingFromForm, validateBilling, type Billing, type BillingErrors, type BillingField, type BillingForm } from '@/lib/checkout/billing';
import type { SubmitRequestInput, SubmitResponse } from '@/lib/checkout/submitContract';
import { confirmOrder, submitOrder, SubmitError } from '@/lib/checkout/submitClient';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import { useQuote } from '@/lib/checkout/useQuote';
import { useAttempt } from '@/lib/checkout/useAttempt';
import { rememberOrderTracking } from '@/lib/checkout/orderTracking';
import { journeyHref } from '@/lib/journey/navigation';
import { validateCardFields, type CardFieldErrors, type CardFields } from '@/lib/payments/cardFields';
import { PAYMENT_FAILURE_MESSAGES, type PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { regionsOf } from '@/lib/geo/regions';
import { buildAutoRenewalConsentVisible, buildCreditCardWaypointLoad, buildFirstNameFocus } from '@/lib/tracking/events';
import { track } from '@/lib/tracking/track';
import { pageContext, useTrackOnce } from '@/lib/tracking/useTrackOnce';
import styles from '../checkout/CheckoutForm.module.css';

const EMPTY_BILLING: BillingForm = { email: '', firstName: '', lastName: '', country: '', region: '', line1: '', city: '', postalCode: '' };
const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '' };
const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc'];
const CONSENT_MISSING = 'Please tick the box to agree to the automatic renewal terms.';

/** Stripe Elements load only where Stripe takes the payments. */
const StripeCardSection = dynamicWithLoader(() => import('../checkout/StripeCardSection'));

/** The card step's own query, without the failure reason a 3-D Secure return adds. */
function returnPathFor(asPath: string): string {
  const [path = '', query = ''] = asPath.split('#')[0]!.split('?');
  const params = new URLSearchParams(query);
  params.delete('payment_failed');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

function failureFrom(asPath: string): string | null {
  const code = new URLSearchParams(asPath.split('?')[1] ?? '').get('payment_failed');
  return code && Object.hasOwn(PAYMENT_FAILURE_MESSAGES, code) ? PAYMENT_FAILURE_MESSAGES[code as PaymentFailureCode] : null;
}

/**
 * The card step: billing information, the card, the order summary priced for the buyer's
 * location, the auto-renewal terms where the law asks for them, and one submit button.
 * Each checkout attempt carries its own idempotency key, so a double click charges once.
 */
export default function CreditCardStep({ flow, base, search, mode, payments }: StepProps) {
  const router = useRouter();
  const { cart, promoCode } = useCart(flow.campaignId);
  const [billing, setBilling] = useState<BillingForm>(EMPTY_BILLING);
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [consent, setConsent] = useState(false);
  const [marketing, setMarketing] = useState(NO_MARKETING);
  const firstNameFocused = useRef(false);
  useTrackOnce(flow.campaignId, () => buildCreditCardWaypointLoad(pageContext(flow.campaignId)));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(() => failureFrom(router.asPath));
  const attempt = useAttempt(flow.campaignId);
  const returnedFailure = failure !== null;
  useEffect(() => {
    // Back from the bank with a failure: that attempt is over, the next submit is a new one.
    if (returnedFailure) attempt.finish();
  }, []);
  const stripeKey = payments?.gateway === 'stripe' ? payments.publishableKey : null;
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const elements = useRef(new Map<string, HTMLInputElement | HTMLSelectElement | null>());

  const plan = cart?.[0];
  const offer = plan ? flow.data.pageData.plans.find((candidate) => candidate.id === plan.id) : undefined;
  const needsAddress = offer?.isPrintOffer ?? false;
  const regions = regionsOf(billing.country);
  const regionChosen = regions.some((region) => region.code === billing.region);
  const locationKnown = billing.country !== '' && (regions.length === 0 || regionChosen);
  const { state, retry } = useQuote(
    quoteRequestFor(flow, cart, { promoCode, ...(locationKnown ? { country: billing.country, region: regionChosen ? billing.region : null } : {}) }),
  );
  const quote = state.status === 'ready' ? state.quote : state.status === 'idle' ? null : state.previous;
  const consentRequired = locationKnown && (quote?.autoRenewalConsentRequired ?? false);

  const billingErrors: BillingErrors = validateBilling(billing, needsAddress);
  const cardErrors: CardFieldErrors = stripeKey ? {} : validateCardFields(card, new Date());
  const consentError = consentRequired && !consent ? CONSENT_MISSING : undefined;
  const visible = (field: string) => showAll || touched.has(field);

  const register = useCallback(
    (field: string) => (element: HTMLInputElement | HTMLSelectElement | null) => {
      elements.current.set(field, element);
    },
    [],
  );
  const touch = (field: string) => setTouched((current) => new Set(current).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !plan || !offer) return;
    setShowAll(true);
    const firstInvalid = [
      ...BILLING_FIELD_ORDER.filter((field) => billingErrors[field]),
      ...CARD_FIELDS.filter((field) => cardErrors[field]).map((field) => `card-${field}`),
      ...(consentError ? ['consent'] : []),
    ][0];
    if (firstInvalid) {
      elements.current.get(firstInvalid)?.focus();
      return;
    }
    setSubmitting(true);
    setFailure(null);
    const billingData = billingFromForm(billing, needsAddress) as Billing;
    let payment: SubmitRequestInput['payment'] = { kind: 'sandbox-card', ...card };
    const key = attempt.key();
    if (stripeKey) {
      // One payment method per attempt, so that a retried attempt is the same request.
      const method = attempt.paymentMethodId()
        ? { id: attempt.paymentMethodId()! }
        : stripeCard.current
          ? await stripeCard.current.createPaymentMethod(billingData)
          : { error: 'The card form is still loading. Please wait a moment.' };
      if ('error' in method) {
        setFailure(method.error);
        setSubmitting(false);
        return;
      }
      attempt.rememberPaymentMethod(method.id);
      payment = { kind: 'stripe-payment-method', paymentMethodId: method.id };
    }
    const returnPath = returnPathFor(router.asPath);
    const request: SubmitRequestInput = {
      ...quoteRequestFor(flow, cart, { promoCode })!,
      idempotencyKey: key,
      billing: billingData,
      autoRenewalConsent: consentRequired && consent,
      payment,
      livemode: mode.livemode,
      source: mode.source,
      returnPath,
    };
    // The success page reports the choices once the order is paid, after a bank redirect too.
    rememberOrderTracking(flow.campaignId, { marketing });
    try {
      let response: SubmitResponse = await submitOrder(request);
      if (response.status === 'requires_action' && response.action.type === 'redirect') {
        window.location.assign(response.action.url);
        return;
      }
      let bankError: string | undefined;
      if (response.status === 'requires_action' && response.action.type === 'stripe_sdk') {
        bankError = (await stripeCard.current?.handleNextAction(response.action.clientSecret))?.error;
        response = await confirmOrder(key, returnPath);
      }
      if (response.status === 'succeeded') {
        attempt.finish();
        await router.push(response.successPath);
        return;
      }
      attempt.finish(); // a declined attempt is over: the next submit is a new attempt
      setFailure(response.status === 'failed' ? response.message : (bankError ?? 'Your bank did not confirm this payment. Please try again.'));
    } catch (error) {
      // A network or server failure may hide a charge: keep the key so that retrying cannot
      // charge twice. A request refused as invalid ends the attempt.
      if (error instanceof SubmitError && error.status >= 400 && error.status < 500 && error.code !== 'attempt_in_progress') attempt.finish();
      setFailure((error as Error).message);
    }
    setSubmitting(false);
  };

  const action = offer?.trialOffer ? 'Start free trial' : 'Subscribe';
  return (
    <>
      <Head>
        <title>{`Payment | ${flow.brandName}`}</title>
      </Head>
      <div className={styles.step}>
        <h1>Payment</h1>
        {cart === null && <Loader type="form-loading" label="Loading your order…" />}
        {cart !== null && !plan && (
          <p>
            Your cart is empty. <Link href={journeyHref(base, '', search)}>Choose a subscription</Link> first.
          </p>
        )}
        {plan && offer && (
          <form onSubmit={submit} noValidate aria-describedby={failure ? 'payment-failure' : undefined}>
            <OrderSummary state={state} onRetry={retry} taxKnown={locationKnown} />
            <BillingFields
              form={billing}
              errors={Object.fromEntries(Object.entries(billingErrors).filter(([field]) => visible(field)))}
              needsAddress={needsAddress}
              onChange={(field: BillingField, value: string) =>
                setBilling((current) => ({ ...current, [field]: value, ...(field === 'country' ? { region: '' } : {}) }))
              }
              onBlur={touch}
              onFocus={(field) => {
                if (field !== 'firstName' || firstNameFocused.current) return;
                firstNameFocused.current = true;
                track(buildFirstNameFocus(flow.campaignId));
              }}
              register={register}
            />
            {stripeKey !== null ? (
              <StripeCardSection publishableKey={stripeKey} handleRef={stripeCard} />
            ) : (
              <SandboxCardFields
                card={card}
                errors={Object.fromEntries(Object.entries(cardErrors).filter(([field]) => visible(`card-${field}`)))}
                onChange={(field, value) => setCard((current) => ({ ...current, [field]: value }))}
                onBlur={(field) => touch(`card-${field}`)}
                register={(field) => register(`card-${field}`)}
              />
            )}
            <MarketingPermissions brandName={flow.brandName} choices={marketing} onChange={setMarketing} />
            {consentRequired && quote && (
              <AutoRenewalTerms
                renewalAmount={offer.discountedAmount ?? offer.totalAmount}
                currencyCode={offer.currencyCode}
                interval={offer.billingInterval}
                trialDays={offer.trialOffer ? offer.trialDays : null}
                checked={consent}
                error={showAll ? consentError : undefined}
                onChange={setConsent}
                onVisible={() =>
                  track(
                    buildAutoRenewalConsentVisible({
                      timestamp: Date.now(),
                      campaignId: flow.campaignId,
                      country: billing.country,
                      brand: flow.brand_slug,
                      region: billing.region || null,
                      page: window.location.pathname,
                    }),
                  )
                }
                inputRef={(element) => {
                  elements.current.set('consent', element);
                }}
              />
            )}
            {failure && (
              <p id="payment-failure" className={styles.failure} role="alert">
                {failure}
              </p>
            )}
            <button type="submit" className={styles.submit} disabled={submitting} aria-busy={submitting}>
              {submitting && <Loader type="submission-processing" size="small" label="Processing your payment" />}
              {action}
            </button>
            <p>
              <Link href={journeyHref(base, 'cart', search)}>Back to your cart</Link>
            </p>
          </form>
        )}
      </div>
    </>
  );
}
