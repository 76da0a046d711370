import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useReducer, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useRouter } from 'next/router';
import type { ProviderOutage } from '@/components/checkout/ProviderOutagePanel';
import { usePromoCode, type PromoCodeModel } from '@/components/checkout/usePromoCode';
import { chosenMethod } from '@/components/payment-methods/PaymentMethodChooser';
import { methodSubmitLabel } from '@/components/payment-methods/registry';
import { useWords } from '@/components/shell/I18n';
import type { PaymentMethodHandle } from '@/components/payment-methods/types';
import { useReturnedPayment } from '@/components/payment-methods/useReturnedPayment';
import type { ExpressPayment } from '@/components/payment-methods/express/expressPayment';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import type { StepViewProps } from '@/components/steps/stepViewProps';
import { withLocation } from '@/lib/cart/cartSelection';
import { usePageRestored } from '@/lib/browser/usePageRestored';
import { useCart } from '@/lib/cart/useCart';
import type { Offer } from '@/lib/catalogue/types';
import {
  BILLING_FIELD_ORDER,
  billingFromForm,
  billingProblems,
  prepareBillingSchemas,
  type Billing,
  type BillingField,
  type BillingForm,
  type BillingProblems,
} from '@/lib/checkout/billing';
import {
  EMPTY_BILLING,
  NO_MARKETING,
  renewalTermsKey,
  withDeliveryCountry,
  withDeliverySameAsBilling,
  type CheckoutDraft,
} from '@/lib/checkout/checkoutDraft';
import { rememberOrderTracking } from '@/lib/checkout/orderTracking';
import { firstChargeNote, renewalTaxWording, renewalTerms, submitLabel, type RenewalTerms } from '@/lib/checkout/paymentCopy';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import { useAttempt } from '@/lib/checkout/useAttempt';
import { useCheckoutDraft } from '@/lib/checkout/useCheckoutDraft';
import { useQuote, type QuoteState } from '@/lib/checkout/useQuote';
import type { EnabledPaymentMethod, PaymentMethodId } from '@/lib/payments/methods';
import { isBusy, paymentReducer, type PaymentState } from '@/lib/payments/paymentMachine';
import { createPaymentDriver } from '@/lib/payments/runPayment';
import { paymentFailureText } from '@/lib/payments/paymentFailureText';
import { offerRenewalPrice } from '@/lib/pricing/offerPrice';
import { startingLocation } from '@/lib/geo/arrivalLocation';
import { buildAutoRenewalConsentVisible, buildCreditCardWaypointLoad, buildFirstNameFocus } from '@/lib/tracking/orderEvents';
import { continuePageView, pageViewSessionId } from '@/lib/tracking/tracingSession';
import { track } from '@/lib/tracking/track';
import { pageContext, useTrackOnce } from '@/lib/tracking/useTrackOnce';
import { nextTask } from '@/lib/browser/nextTask';
import { buyerLocation } from './buyerLocation';
import { returnPathFor } from './paymentStepPaths';
import { useFormFields } from './useFormFields';

type PaymentMethodActionsOf = Pick<PaymentMethodHandle, 'prepare' | 'handleAction'>;

const NO_ERRORS: BillingProblems = {};

/** What the payment step renders, and what its controls call; the step only lays it out. */
export interface CreditCardStepModel {
  plan: Offer;
  // The order, priced for the buyer's location.
  quote: QuoteState;
  retryQuote: () => void;
  /** The summary's promo field: applied as on the promo-code step, checked with the buyer's location. */
  promo: PromoCodeModel;
  taxKnown: boolean;
  chargeNote: string | null;
  // The billing form.
  billing: BillingForm;
  billingErrors: Partial<Record<BillingField, string>>;
  needsAddress: boolean;
  deliverySameAsBilling: boolean;
  /** Buying for a business: the company's name and VAT number, and the billing address, are asked for. */
  business: boolean;
  setBusiness: (business: boolean) => void;
  changeBilling: (field: BillingField, value: string) => void;
  setDeliverySameAsBilling: (same: boolean) => void;
  touch: (field: string) => void;
  focusField: (field: BillingField) => void;
  register: (field: string) => (element: HTMLElement | null) => void;
  showErrors: boolean;
  // The payment method.
  method: EnabledPaymentMethod | null;
  chooseMethod: (id: PaymentMethodId) => void;
  methodHandle: RefObject<PaymentMethodHandle | null>;
  pay: () => Promise<PaymentState> | null;
  stepLabel: string;
  // Marketing and the renewal terms.
  marketing: CheckoutDraft['marketing'];
  setMarketing: (marketing: CheckoutDraft['marketing']) => void;
  /** Null until the order has a total to state the terms with. */
  terms: RenewalTerms | null;
  consentRequired: boolean;
  consented: boolean;
  consentError: string | undefined;
  setConsent: (agreed: boolean) => void;
  consentVisible: () => void;
  // The submit button and what the last payment came to.
  methodLabel: string | null;
  paying: boolean;
  failure: string | null;
  failureRef: RefObject<HTMLParagraphElement | null>;
  outage: ProviderOutage | null;
  submit: (event: FormEvent) => void;
  /** An express wallet's payment (components/payment-methods/express): as pay, with the wallet's details and card. */
  payExpress: (express: ExpressPayment) => Promise<PaymentState> | null;
}

/**
 * The payment step's state and behaviour: the cart and the typed draft, the quote for the
 * buyer's location, the form's checks, the payment run (lib/payments' machine and driver)
 * and the tracking calls. Null while there is no order to pay (an empty cart).
 */
export function useCreditCardStep({ flow, mode, view }: StepViewProps<'credit-card'>): CreditCardStepModel | null {
  const { order, paymentMethods, signedInEmail, today, returnedFailure, trackingSessionId, arrivalLocation } = view;
  // Back from the bank or a wallet in a new page: its events continue the visit that sent the order.
  useLayoutEffect(() => {
    if (trackingSessionId) continuePageView(trackingSessionId);
  }, [trackingSessionId]);
  const router = useRouter();
  const api = useApiClient();
  const words = useWords();
  const attempt = useAttempt(flow.campaignId);
  const [selection, setSelection] = useCart(flow.campaignId, order?.selection ?? null);
  // The cart's country once the buyer chose one, else where the visitor arrived from; a kept draft wins over both.
  const start = startingLocation(order?.selection ?? { country: null, region: null }, arrivalLocation);
  const [draft, updateDraft] = useCheckoutDraft(flow.campaignId, {
    billing: { ...EMPTY_BILLING, email: signedInEmail ?? '', country: start.country, region: start.region },
    deliverySameAsBilling: true,
    business: false,
    renewalConsentFor: null,
    marketing: NO_MARKETING,
    paymentMethod: null,
  });
  const { billing } = draft;
  useTrackOnce(flow.campaignId, () => buildCreditCardWaypointLoad(pageContext(flow.campaignId)));

  const initialPayment = useReturnedPayment(returnedFailure);
  const [payment, dispatch] = useReducer(paymentReducer, initialPayment);
  // One driver per mount, started from the payment the page was loaded with.
  const [driver] = useState(() => createPaymentDriver(dispatch, initialPayment));
  const methodHandle = useRef<PaymentMethodHandle | null>(null);
  const fields = useFormFields();
  const firstNameFocused = useRef(false);

  // Back from the bank with a failure: that attempt is over, the next submit is a new one.
  const finishReturnedAttempt = useEffectEvent(() => {
    if (returnedFailure) attempt.finish();
  });
  useEffect(() => finishReturnedAttempt(), []);
  // A page restored from the back/forward cache while leaving for the bank is usable again.
  usePageRestored(() => driver.reset());

  const { locationKnown, country, region } = buyerLocation(billing);
  useEffect(() => {
    if (selection && (selection.country !== country || selection.region !== region)) setSelection(withLocation(selection, country, region));
  }, [selection, country, region, setSelection]);

  const needsAddress = order?.plan.isPrintOffer ?? false;
  const { deliverySameAsBilling, business } = draft;
  // Print delivered elsewhere is taxed there: its place is known once its state is chosen, where it has states.
  const deliveryCountry = billing.deliveryCountry || billing.country;
  const delivery =
    needsAddress && !deliverySameAsBilling && deliveryCountry
      ? buyerLocation({ country: deliveryCountry, region: billing.deliveryRegion })
      : null;
  // Priced in the delivery country as soon as it is chosen, its state once that is: the renewal terms then word
  // the destination's tax rule (a price plus sales tax in the US), not the billing country's, while the state is awaited.
  const deliveryPlace = delivery ? { country: deliveryCountry, region: delivery.region } : null;
  const { state, retry } = useQuote(
    api,
    quoteRequestFor(flow, selection, { withLocation: true, livemode: mode.livemode, locale: words.locale, delivery: deliveryPlace }),
    {
      request: order?.quoteRequest ?? null,
      quote: order?.quote ?? null,
      error: order?.quoteError ?? null,
    },
  );
  const promo = usePromoCode({ flow, livemode: mode.livemode, selection, setSelection, quote: state, withLocation: true });
  // What is shown may be the last quote while the next one loads; what is paid is only ever
  // the quote of the current request (a submit waits for it).
  const priced = state.status === 'ready' ? state.quote : state.status === 'idle' ? null : state.previous;
  const current = state.status === 'ready' ? state.quote : null;
  const taxKnown = locationKnown && selection?.country === country && (delivery === null || delivery.locationKnown);
  const consentRequired = taxKnown && (priced?.autoRenewalConsentRequired ?? false);

  const consentSeen = useRef(false);
  useEffect(() => {
    if (!consentRequired) consentSeen.current = false;
  }, [consentRequired]);

  // The form's errors, for the fields that show theirs: none before a field was left or a payment
  // asked for (so not while the page hydrates), and parsed when the form changes, not on every
  // render. The schemas are built in a task of their own once the step has hydrated.
  const errorsShown = fields.anyVisible;
  const billingErrors = useMemo(
    () => (errorsShown ? billingProblems(billing, { needsAddress, deliverySameAsBilling, business }) : NO_ERRORS),
    [errorsShown, billing, needsAddress, deliverySameAsBilling, business],
  );
  useEffect(() => void nextTask().then(prepareBillingSchemas), []);

  const failure = payment.status === 'failed' ? paymentFailureText(words, payment) : null;
  // The method the last payment was tried with: an outage panel names that provider.
  const [triedWith, setTriedWith] = useState<PaymentMethodId | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  if (!order || !selection) return null;

  const { plan } = order;
  const addressNeeds = { needsAddress, deliverySameAsBilling, business };
  const termsKey = renewalTermsKey(plan, offerRenewalPrice(plan));
  const consented = draft.renewalConsentFor === termsKey;
  const consentError = consentRequired && !consented ? words.t('payment.consent.missing') : undefined;
  const total = priced ? priced.quote.total : null;
  const addOnNames = priced ? priced.quote.lines.slice(1).map((line) => line.name) : [];
  // The terms say the tax as the order's rate has it, in the words the server keeps with the consent.
  const tax = priced ? renewalTaxWording(priced.quote.taxRate) : 'added';

  const method = chosenMethod(paymentMethods, draft.paymentMethod);
  const stepLabel = submitLabel(words, plan, current ? current.quote.total : null, plan.currencyCode);
  // The method's own label for the step's button; null: the method brings its own button.
  const methodLabel = methodSubmitLabel(method, stepLabel, words);

  /** Checks the form and runs the payment; null when something must be fixed first (it is then focused) or a payment runs. */
  const pay = (): Promise<PaymentState> | null => {
    if (isBusy(driver.state) || !current) return null;
    fields.setShowErrors(true);
    const errors = billingProblems(billing, addressNeeds);
    const firstBillingError = BILLING_FIELD_ORDER.find((field) => errors[field]);
    const invalid = firstBillingError
      ? fields.element(firstBillingError)
      : (methodHandle.current?.firstInvalidField() ?? (consentError ? fields.element('consent') : null));
    if (invalid) {
      invalid.focus();
      return null;
    }
    const handle = methodHandle.current;
    if (!handle || !method) return null;
    setTriedWith(method.id);
    return run(billingFromForm(billing, addressNeeds) as Billing, handle, null);
  };

  /** The payment sequence with these details, this method's actions and the express wallet that brought the card (null: none). */
  const run = (billingData: Billing, handle: PaymentMethodActionsOf, expressWallet: ExpressPayment['wallet'] | null) => {
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
        expressWallet,
        livemode: mode.livemode,
        source: mode.source,
        trackingSessionId: pageViewSessionId(),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        locale: words.locale,
        returnPath,
      }),
      navigate: (path) => router.push(path),
      redirect: (url) => window.location.assign(url),
    });
  };

  // Express wallets: the wallet brings the billing details and the card; the consent is still the buyer's to give.
  const payExpress = (express: ExpressPayment): Promise<PaymentState> | null => {
    if (isBusy(driver.state) || !current || consentError) return null;
    const problems = billingProblems(express.form, addressNeeds);
    // The wallet brings the contact and address; a business buyer's company is still theirs to fix on the form.
    const companyProblem = (['companyName', 'vatNumber'] as const).find((field) => problems[field]);
    if (companyProblem) {
      fields.setShowErrors(true);
      fields.element(companyProblem)?.focus();
    }
    if (Object.keys(problems).length) return null;
    updateDraft((draftNow) => ({ ...draftNow, billing: express.form }));
    setTriedWith('card');
    return run(billingFromForm(express.form, addressNeeds) as Billing, express.method, express.wallet);
  };

  return {
    plan,
    quote: state,
    retryQuote: retry,
    promo,
    taxKnown,
    chargeNote: total === null ? null : firstChargeNote(words, plan, total, plan.currencyCode, today, tax),
    billing,
    billingErrors: Object.fromEntries(
      Object.entries(billingErrors).flatMap(([field, problem]) => (fields.visible(field) ? [[field, words.say(problem)]] : [])),
    ),
    needsAddress,
    deliverySameAsBilling: draft.deliverySameAsBilling,
    business,
    setBusiness: (next) => updateDraft((current) => ({ ...current, business: next })),
    changeBilling: (field, value) =>
      updateDraft((current) => ({
        ...current,
        billing:
          field === 'deliveryCountry'
            ? withDeliveryCountry(current.billing, value)
            : // A state belongs to its country: another country asks for its own.
              { ...current.billing, [field]: value, ...(field === 'country' ? { region: '' } : {}) },
      })),
    setDeliverySameAsBilling: (same) => updateDraft((current) => withDeliverySameAsBilling(current, same)),
    touch: fields.touch,
    focusField: (field) => {
      if (field !== 'firstName' || firstNameFocused.current) return;
      firstNameFocused.current = true;
      track(buildFirstNameFocus(flow.campaignId));
    },
    register: fields.register,
    showErrors: fields.showErrors,
    method,
    chooseMethod: (id) => updateDraft((draftNow) => ({ ...draftNow, paymentMethod: id })),
    methodHandle,
    pay,
    stepLabel,
    marketing: draft.marketing,
    setMarketing: (marketing) => updateDraft((current) => ({ ...current, marketing })),
    terms: total === null ? null : renewalTerms(words, plan, addOnNames, total, plan.currencyCode, today, tax),
    consentRequired,
    consented,
    consentError,
    setConsent: (agreed) => updateDraft((draftNow) => ({ ...draftNow, renewalConsentFor: agreed ? termsKey : null })),
    consentVisible: () => {
      // Once each time the consent appears, though the express row shows a box of its own beside the form's.
      if (consentSeen.current) return;
      consentSeen.current = true;
      track(
        buildAutoRenewalConsentVisible({
          timestamp: Date.now(),
          campaignId: flow.campaignId,
          country: billing.country,
          brand: flow.brand_slug,
          region: billing.region || null,
          page: window.location.pathname,
        }),
      );
    },
    methodLabel,
    paying: isBusy(payment),
    failure,
    failureRef,
    // The provider is down: the panel offers a retry with the step's button (a method with its own button is used again instead).
    outage:
      payment.status === 'failed' && payment.providerUnavailable && method
        ? {
            method: triedWith ?? method.id,
            otherMethodAvailable: paymentMethods.length > 1,
            onRetry: methodLabel !== null ? () => void pay() : null,
          }
        : null,
    submit: (event) => {
      event.preventDefault();
      // A method with its own button (a wallet's) takes the payment from that button only.
      if (methodLabel !== null) void pay();
    },
    payExpress,
  };
}
