import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { AutoRenewalTerms } from '@/components/checkout/AutoRenewalTerms';
import { BillingFields } from '@/components/checkout/BillingFields';
import { DeliveryAddress } from '@/components/checkout/DeliveryAddress';
import { MarketingPermissions } from '@/components/checkout/MarketingPermissions';
import { PaymentSubmit } from '@/components/checkout/PaymentSubmit';
import { chosenMethod, PaymentMethodChooser } from '@/components/payment-methods/PaymentMethodChooser';
import { PaymentProviders } from '@/components/payment-methods/PaymentProviders';
import { paymentMethodView } from '@/components/payment-methods/registry';
import type { PaymentMethodView } from '@/components/payment-methods/types';
import type { PaymentMethodHandle } from '@/components/payment-methods/types';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { EmptyCart } from './EmptyCart';
import { OrderSummary } from './OrderSummary';
import type { StepViewProps } from './registry';
import { withLocation } from '@/lib/cart/cartSelection';
import { useCart } from '@/lib/cart/useCart';
import { BILLING_FIELD_ORDER, billingFromForm, validateBilling, type Billing, type BillingField } from '@/lib/checkout/billing';
import { EMPTY_BILLING, NO_MARKETING, renewalTermsKey, withDeliverySameAsBilling } from '@/lib/checkout/checkoutDraft';
import { offerRenewalPrice } from '@/lib/pricing/offerPrice';
import { rememberOrderTracking } from '@/lib/checkout/orderTracking';
import { firstChargeNote, renewalTerms, submitLabel } from '@/lib/checkout/paymentCopy';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import { useAttempt } from '@/lib/checkout/useAttempt';
import { useCheckoutDraft } from '@/lib/checkout/useCheckoutDraft';
import { useQuote } from '@/lib/checkout/useQuote';
import { regionsOf } from '@/lib/geo/regions';
import { stepHref, withoutQueryParams } from '@/lib/journey/navigation';
import { createPaymentDriver } from '@/lib/payments/runPayment';
import { isBusy, paymentReducer, type PaymentState } from '@/lib/payments/paymentMachine';
import type { PaymentMethodId } from '@/lib/payments/methods';
import { buildAutoRenewalConsentVisible, buildCreditCardWaypointLoad, buildFirstNameFocus } from '@/lib/tracking/events';
import { track } from '@/lib/tracking/track';
import { pageContext, useTrackOnce } from '@/lib/tracking/useTrackOnce';
import { continuePageView, pageViewSessionId } from '@/lib/tracking/tracingSession';
import styles from '@/components/checkout/CheckoutForm.module.css';
import { DocumentTitle } from '@/components/shell/DocumentTitle';

const CONSENT_MISSING = 'Please tick the box to agree to the automatic renewal terms.';

/** The same query in test mode. */
function withTestMode(search: string): string {
  const params = new URLSearchParams(search);
  params.set('livemode', 'false');
  return `?${params.toString()}`;
}

/** The payment step's own path and query, without the failure reason a return from the bank adds. */
function returnPathFor(asPath: string): string {
  const [path = '', query = ''] = asPath.split('#')[0]!.split('?');
  return `${path}${withoutQueryParams(query, ['payment_failed'])}`;
}

/**
 * The payment step: billing information, the enabled payment methods, the order priced for
 * the buyer's location, the renewal terms, and one submit button that says what it does.
 * The payment sequence runs in lib/payments (a pure machine and its driver); this view
 * renders its states. What was typed, never card data, survives a reload and the bank.
 */
export default function CreditCardStep({ flow, base, search, mode, view }: StepViewProps<'credit-card'>) {
  const { order, notice, paymentMethods, signedInEmail, today, returnedFailure, trackingSessionId } = view;
  // Back from the bank or a wallet in a new page: its events continue the visit that sent the order.
  useLayoutEffect(() => {
    if (trackingSessionId) continuePageView(trackingSessionId);
  }, [trackingSessionId]);
  const router = useRouter();
  const api = useApiClient();
  const attempt = useAttempt(flow.campaignId);
  const [selection, setSelection] = useCart(flow.campaignId, order?.selection ?? null);
  const [draft, updateDraft] = useCheckoutDraft(flow.campaignId, {
    billing: { ...EMPTY_BILLING, email: signedInEmail ?? '', country: order?.selection.country ?? '', region: order?.selection.region ?? '' },
    deliverySameAsBilling: true,
    renewalConsentFor: null,
    marketing: NO_MARKETING,
    paymentMethod: null,
  });
  const { billing } = draft;
  useTrackOnce(flow.campaignId, () => buildCreditCardWaypointLoad(pageContext(flow.campaignId)));

  const initialPayment: PaymentState = returnedFailure ? { status: 'failed', message: returnedFailure, attemptKept: false } : { status: 'idle' };
  const [payment, dispatch] = useReducer(paymentReducer, initialPayment);
  const driver = useMemo(() => createPaymentDriver(dispatch, initialPayment), []);
  const methodHandle = useRef<PaymentMethodHandle | null>(null);
  const elements = useRef(new Map<string, HTMLElement | null>());
  const register = (field: string) => (element: HTMLElement | null) => void elements.current.set(field, element);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showErrors, setShowErrors] = useState(false);
  const firstNameFocused = useRef(false);

  useEffect(() => {
    // Back from the bank with a failure: that attempt is over, the next submit is a new one.
    if (returnedFailure) attempt.finish();
    // A page restored from the back/forward cache while leaving for the bank is usable again.
    const restored = (event: PageTransitionEvent) => event.persisted && driver.reset();
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  // The buyer's location prices the order (tax, renewal rules): it joins the cart once known.
  const regions = regionsOf(billing.country);
  const regionChosen = regions.some((region) => region.code === billing.region);
  const locationKnown = billing.country !== '' && (regions.length === 0 || regionChosen);
  const country = locationKnown ? billing.country : null;
  const region = locationKnown && regionChosen ? billing.region : null;
  useEffect(() => {
    if (selection && (selection.country !== country || selection.region !== region)) setSelection(withLocation(selection, country, region));
  }, [selection, country, region, setSelection]);

  const { state, retry } = useQuote(api, quoteRequestFor(flow, selection, { withLocation: true }), {
    request: order?.quoteRequest ?? null,
    quote: order?.quote ?? null,
    error: order?.quoteError ?? null,
  });
  // What is shown may be the last quote while the next one loads; what is paid is only ever
  // the quote of the current request (a submit waits for it).
  const priced = state.status === 'ready' ? state.quote : state.status === 'idle' ? null : state.previous;
  const current = state.status === 'ready' ? state.quote : null;
  const taxKnown = locationKnown && selection?.country === country;
  const consentRequired = taxKnown && (priced?.autoRenewalConsentRequired ?? false);

  const failure = payment.status === 'failed' ? payment.message : null;
  // The method the last payment was tried with: an outage panel names that provider.
  const [triedWith, setTriedWith] = useState<PaymentMethodId | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const title = (
    <>
      <DocumentTitle title={`Payment | ${flow.brandName}`} />
      <h1>Payment</h1>
    </>
  );
  if (!order || !selection) {
    return (
      <div className={styles.step}>
        {title}
        <EmptyCart base={base} search={search} notice={notice} paidOrder={view.paidOrder} />
      </div>
    );
  }

  const { plan } = order;
  const needsAddress = plan.isPrintOffer;
  const addressNeeds = { needsAddress, deliverySameAsBilling: draft.deliverySameAsBilling };
  const visible = (field: string) => showErrors || touched.has(field);
  const billingErrors = validateBilling(billing, addressNeeds);
  const shownErrors = Object.fromEntries(Object.entries(billingErrors).filter(([field]) => visible(field)));
  const changeBilling = (field: BillingField, value: string) =>
    updateDraft((current) => ({
      ...current,
      billing: { ...current.billing, [field]: value, ...(field === 'country' ? { region: '' } : {}) },
    }));
  const touch = (field: string) => setTouched((current) => new Set(current).add(field));
  const termsKey = renewalTermsKey(plan, offerRenewalPrice(plan));
  const consented = draft.renewalConsentFor === termsKey;
  const consentError = consentRequired && !consented ? CONSENT_MISSING : undefined;
  const total = priced ? priced.quote.total : null;
  const addOnNames = priced ? priced.quote.lines.slice(1).map((line) => line.name) : [];
  const chargeNote = total === null ? null : firstChargeNote(plan, total, plan.currencyCode, today);

  const method = chosenMethod(paymentMethods, draft.paymentMethod);
  const stepLabel = submitLabel(plan, current ? current.quote.total : null, plan.currencyCode);
  // The method's own label for the step's button; null: the method brings its own button.
  const methodLabel = method ? (paymentMethodView(method.id) as PaymentMethodView<typeof method.id>).submitLabel(method.config as never, stepLabel) : stepLabel;

  /** Checks the form and runs the payment; null when something must be fixed first (it is then focused) or a payment runs. */
  const pay = (): Promise<PaymentState> | null => {
    if (isBusy(driver.state) || !current) return null;
    setShowErrors(true);
    const firstBillingError = BILLING_FIELD_ORDER.find((field) => billingErrors[field]);
    const invalid = firstBillingError
      ? elements.current.get(firstBillingError)
      : (methodHandle.current?.firstInvalidField() ?? (consentError ? elements.current.get('consent') : null));
    if (invalid) {
      invalid.focus();
      return null;
    }
    const handle = methodHandle.current;
    if (!handle || !method) return null;
    setTriedWith(method.id);
    const billingData = billingFromForm(billing, addressNeeds) as Billing;
    const returnPath = returnPathFor(router.asPath);
    // The success page reports the choices once the order is paid, after a bank redirect too.
    rememberOrderTracking(flow.campaignId, { marketing: draft.marketing });
    return driver.run({
      api,
      attempt,
      method: { prepare: (current) => handle.prepare(billingData, current), handleAction: (action) => handle.handleAction(action) },
      buildRequest: (input, idempotencyKey) => ({
        ...quoteRequestFor(flow, selection)!,
        idempotencyKey,
        billing: billingData,
        autoRenewalConsent: consentRequired && consented,
        payment: input,
        livemode: mode.livemode,
        source: mode.source,
        trackingSessionId: pageViewSessionId(),
        returnPath,
      }),
      navigate: (path) => router.push(path),
      redirect: (url) => window.location.assign(url),
    });
  };
  // The provider is down: the panel offers a retry with the step's button (a method with its own button is used again instead).
  const outage =
    payment.status === 'failed' && payment.providerUnavailable && method
      ? { method: triedWith ?? method.id, otherMethodAvailable: paymentMethods.length > 1, onRetry: methodLabel !== null ? () => void pay() : null }
      : null;
  // The typed e-mail already subscribes: a sign-in link to it, back to this page.
  const existingSubscriber =
    payment.status === 'failed' && payment.existingSubscriber
      ? {
          email: billing.email.trim(),
          sendLink: () =>
            api.requestSignInLink({ email: billing.email.trim(), purpose: 'magic-link', brand: flow.brand_slug, urlSlug: flow.url_slug, returnPath: `${base}/credit-card${search}` }),
        }
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A method with its own button (a wallet's) takes the payment from that button only.
    if (methodLabel !== null) void pay();
  };

  return (
    <div className={styles.step}>
      {title}
      <form onSubmit={submit} noValidate aria-describedby={failure ? 'payment-failure' : undefined}>
        <OrderSummary state={state} onRetry={retry} taxNote={taxKnown ? null : 'Worked out once you choose your country'} />
        <BillingFields
          form={billing}
          errors={shownErrors}
          needsAddress={needsAddress}
          onChange={changeBilling}
          onBlur={touch}
          onFocus={(field) => {
            if (field !== 'firstName' || firstNameFocused.current) return;
            firstNameFocused.current = true;
            track(buildFirstNameFocus(flow.campaignId));
          }}
          register={register}
        />
        {needsAddress && (
          <DeliveryAddress
            form={billing}
            errors={shownErrors}
            sameAsBilling={draft.deliverySameAsBilling}
            onSameAsBilling={(same) => updateDraft((current) => withDeliverySameAsBilling(current, same))}
            onChange={changeBilling}
            onBlur={touch}
            register={register}
          />
        )}
        {method ? (
          <PaymentProviders methods={paymentMethods}>
            <PaymentMethodChooser
              methods={paymentMethods}
              chosen={method}
              onChoose={(id) => updateDraft((draftNow) => ({ ...draftNow, paymentMethod: id }))}
              handleRef={methodHandle}
              showErrors={showErrors}
              pay={pay}
              payLabel={stepLabel}
              // Every offer of the catalogue renews (SPEC §3: a month or a year), so a wallet sets up a subscription.
              order={{ currencyCode: plan.currencyCode, renews: true }}
            />
          </PaymentProviders>
        ) : (
          <p role="alert">
            {mode.livemode ? (
              <>
                Live payments are not set up on this server, so nothing can be bought here for real.{' '}
                <Link href={stepHref(base, 'credit-card', withTestMode(search))}>Try it in test mode</Link>
              </>
            ) : (
              'Payments are not available at the moment. Please try again later.'
            )}
          </p>
        )}
        <MarketingPermissions brandName={flow.brandName} choices={draft.marketing} onChange={(marketing) => updateDraft((current) => ({ ...current, marketing }))} />
        {chargeNote && (
          <p className={styles.chargeNote} data-testid="first-charge-note">
            {chargeNote}
          </p>
        )}
        {total !== null && (
          <AutoRenewalTerms
            terms={renewalTerms(plan, addOnNames, total, plan.currencyCode, today)}
            consentRequired={consentRequired}
            checked={consented}
            error={showErrors ? consentError : undefined}
            onChange={(agreed) => updateDraft((draftNow) => ({ ...draftNow, renewalConsentFor: agreed ? termsKey : null }))}
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
            inputRef={register('consent')}
          />
        )}
        <PaymentSubmit
          label={methodLabel}
          busy={isBusy(payment) ? 'Processing your payment' : state.status === 'loading' ? 'Working out your total' : null}
          failure={failure}
          failureRef={failureRef}
          outage={outage}
          existingSubscriber={existingSubscriber}
        />
        <p>
          <Link href={stepHref(base, 'cart', search)}>Back to your cart</Link>
        </p>
      </form>
    </div>
  );
}
