import { useEffect, useRef, useState, type FormEvent } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import {
  cardPageWithoutSetup,
  type CardChangeResponse,
  type CardPageProps,
  type NewCard,
  type RenewalPaymentResponse,
} from '@/lib/account/cardChange';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { validateCardFields, type CardFields } from '@/lib/payments/sandbox/cardFields';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { Loader } from '@/components/ui/Loader';
import { SandboxCardFields, type CardField } from '@/components/payment-methods/sandbox/SandboxCardFields';
import type { StripeCardHandle } from '@/components/payment-methods/stripe/StripeCardSection';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';

/** Stripe Elements load only where Stripe takes the cards, and only in the browser (as on the payment step). */
const StripeCardSection = dynamic(() => import('@/components/payment-methods/stripe/StripeCardSection'), {
  ssr: false,
  loading: () => <Loader type="form-loading" label="Loading the card form…" />,
});

const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '' };
const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc'];
const NOT_CHANGED = 'Your card was not changed.';
const FALLBACK_ERROR = `We could not change your card. ${NOT_CHANGED} Please try again.`;
const NOT_CHARGED = 'Nothing was charged.';
const HELD_FALLBACK_ERROR = `We could not reach your bank. ${NOT_CHARGED} Please try again.`;

/** Where confirming a renewal the bank held left it, as the page says it. */
type HeldOutcome = { kind: 'paid' } | { kind: 'error'; message: string } | null;

/**
 * The card that renews a card subscription from now on: the payment step's card form (the
 * sandbox's fields in test mode, Stripe Elements with Stripe keys), nothing charged. Stripe's
 * 3-D Secure is done in the page; the sandbox's is its bank's page, as at checkout, which
 * sends the visitor back here naming the setup: it is confirmed once, then taken off the
 * address, so that a reload or a return through the history confirms nothing again.
 */
/** What saving the card did to the payment: nothing, the past-due renewal it paid (or did not), or the charge still to come. */
function savedOutcome(before: SubscriptionSummary, after: SubscriptionSummary, renewalPending: boolean): string {
  if (!before.pastDue) return 'Nothing was charged.';
  if (renewalPending && after.pastDue)
    return 'The renewal will be charged within a few minutes: your account will show whether it was paid.';
  if (!after.pastDue) return 'We charged the renewal with it: your subscription is active again, and its receipt is in your e-mail.';
  return `We tried to charge the renewal with it, but it did not go through: ${after.pastDue.reason}`;
}

export function CardChangeView({
  email,
  livemode,
  brand,
  subscription: initial,
  card: config,
  returnedSetup,
  returnedFromRenewal,
}: CardPageProps) {
  const api = useApiClient();
  const router = useRouter();
  const [subscription, setSubscription] = useState(initial);
  // As it was before the last save: what that save charged is told from it, not from the page's first load.
  const [beforeSave, setBeforeSave] = useState(initial);
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [touched, setTouched] = useState<Set<CardField>>(new Set());
  const [showErrors, setShowErrors] = useState(false);
  const inputs = useRef(new Map<CardField, HTMLInputElement | null>());
  const stripe = useRef<StripeCardHandle | null>(null);
  const accountHref = livemode ? '/account' : '/account?livemode=false';
  const fieldErrors = validateCardFields(card, new Date());
  const title = `${subscription.brandName}: ${subscription.offerName}`;
  const unavailable =
    subscription.paymentChange !== 'card'
      ? 'This subscription is paid with a wallet: its payment method is changed there, not here.'
      : subscription.status === 'ended'
        ? 'This subscription has ended: it has no card to change.'
        : config === null
          ? 'Cards cannot be changed on this server just now. Your card was not changed.'
          : null;
  // Back from the bank's page, the form waits for the confirmation from the first render.
  const [sending, setSending] = useState(returnedSetup !== null && unavailable === null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [renewalPending, setRenewalPending] = useState(false);
  const confirmedReturn = useRef(false);
  // A renewal the bank holds until the subscriber confirms it (3-D Secure): offered before another card.
  const [confirming, setConfirming] = useState(returnedFromRenewal && unavailable === null);
  const [held, setHeld] = useState<HeldOutcome>(null);

  /** What the server is sent for the typed card, or why there is nothing to send (null: the fields show it). */
  const newCard = async (): Promise<NewCard | { error: string } | null> => {
    if (config?.gateway === 'stripe') {
      const method = stripe.current
        ? await stripe.current.createPaymentMethod()
        : { error: 'The card form is still loading. Please wait a moment.' };
      return 'error' in method ? method : { kind: 'stripe-payment-method', paymentMethodId: method.id };
    }
    const invalid = CARD_FIELDS.find((field) => fieldErrors[field]);
    if (invalid) {
      setShowErrors(true);
      inputs.current.get(invalid)?.focus();
      return null;
    }
    return { kind: 'sandbox-card', ...card };
  };

  /** Stripe's 3-D Secure in the page, then the card it set up is recorded. */
  const afterBank = async (answer: CardChangeResponse): Promise<CardChangeResponse | { error: string }> => {
    if (answer.status !== 'requires_action') return answer;
    if (answer.action.type !== 'stripe_sdk' || !stripe.current)
      return { error: `Your bank asked for a check this page cannot show. ${NOT_CHANGED}` };
    const checked = await stripe.current.handleNextAction(answer.action.clientSecret);
    if (checked.error) return { error: `${checked.error} ${NOT_CHANGED}` };
    return api.confirmCardChange(subscription.id, answer.setupId);
  };

  /** The server's last word on a change or its confirmation, as the page shows it. */
  const show = (answer: CardChangeResponse | { error: string }) => {
    if ('error' in answer) setError(answer.error);
    else if (answer.status === 'failed') setError(answer.message);
    else if (answer.status === 'saved') {
      setBeforeSave(subscription);
      setSubscription(answer.subscription);
      setRenewalPending(answer.renewalPending === true);
      setSaved(true);
      setCard(EMPTY_CARD);
      setTouched(new Set());
      setShowErrors(false);
    } else setError(FALLBACK_ERROR);
  };

  /** The server's word on a held renewal: paid, or refused (the page then offers another card only). */
  const showHeld = (answer: RenewalPaymentResponse) => {
    if (answer.status === 'requires_action') {
      setHeld({ kind: 'error', message: `Your bank has not confirmed the payment yet. ${NOT_CHARGED}` });
      return;
    }
    setSubscription(answer.subscription);
    setHeld(answer.status === 'paid' ? { kind: 'paid' } : { kind: 'error', message: answer.message });
  };

  const confirmHeld = async () => {
    if (confirming || sending) return;
    setHeld(null);
    setSaved(false);
    setConfirming(true);
    let leaving = false;
    try {
      let answer = await api.confirmRenewalPayment(subscription.id);
      if (answer.status === 'requires_action' && answer.action.type === 'redirect') {
        // The sandbox bank's page: it sends the subscriber back here, and the page asks how it went.
        leaving = true;
        window.location.assign(answer.action.url);
        return;
      }
      if (answer.status === 'requires_action') {
        if (answer.action.type !== 'stripe_sdk' || !stripe.current) {
          setHeld({ kind: 'error', message: `Your bank asked for a check this page cannot show. ${NOT_CHARGED}` });
          return;
        }
        const checked = answer.savedCard
          ? await stripe.current.confirmWithSavedCard(answer.action.clientSecret, answer.savedCard)
          : await stripe.current.handleNextAction(answer.action.clientSecret);
        if (checked.error) {
          setHeld({ kind: 'error', message: `${checked.error} ${NOT_CHARGED}` });
          return;
        }
        answer = await api.confirmRenewalPayment(subscription.id);
      }
      showHeld(answer);
    } catch (failure) {
      setHeld({ kind: 'error', message: failure instanceof Error ? failure.message : HELD_FALLBACK_ERROR });
    } finally {
      if (!leaving) setConfirming(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || confirming) return;
    setSaved(false);
    setHeld(null);
    setError(null);
    setSending(true);
    let leaving = false;
    try {
      const prepared = await newCard();
      if (!prepared) return;
      if ('error' in prepared) {
        setError(prepared.error);
        return;
      }
      // A new key per try: a declined card is never the answer to the next one.
      const answer = await api.changeCard(subscription.id, { idempotencyKey: crypto.randomUUID(), card: prepared });
      if (answer.status === 'requires_action' && answer.action.type === 'redirect') {
        // The sandbox bank's page, as at checkout: it sends the visitor back here to confirm.
        leaving = true;
        window.location.assign(answer.action.url);
        return;
      }
      show(await afterBank(answer));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : FALLBACK_ERROR);
    } finally {
      if (!leaving) setSending(false);
    }
  };

  useEffect(() => {
    // Once per page, even when an effect runs twice (React's strict mode); never where the page offers no card change.
    if (returnedSetup === null || unavailable || confirmedReturn.current) return;
    confirmedReturn.current = true;
    // Should the address keep the setup, a reload confirms it again, which records nothing twice.
    router.replace(cardPageWithoutSetup(router.asPath), undefined, { shallow: true, scroll: false }).catch(() => undefined);
    api
      .confirmCardChange(subscription.id, returnedSetup)
      .then(show, (failure: unknown) => setError(failure instanceof Error ? failure.message : FALLBACK_ERROR))
      .finally(() => setSending(false));
  }, []);

  useEffect(() => {
    // Back from the bank's page of a held renewal: asked once, and taken off the address, as a returned setup is.
    if (!returnedFromRenewal || unavailable || confirmedReturn.current) return;
    confirmedReturn.current = true;
    router.replace(cardPageWithoutSetup(router.asPath), undefined, { shallow: true, scroll: false }).catch(() => undefined);
    api
      .confirmRenewalPayment(subscription.id)
      .then(showHeld, (failure: unknown) =>
        setHeld({ kind: 'error', message: failure instanceof Error ? failure.message : HELD_FALLBACK_ERROR }),
      )
      .finally(() => setConfirming(false));
  }, []);

  useEffect(() => {
    // A page restored from the back/forward cache while leaving for the bank's page is usable again.
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setSending(false);
      setConfirming(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title="Change card" />
      <h1>Change card</h1>
      {subscription.pastDue ? (
        <p data-testid="card-past-due">
          The last payment for {title} did not go through. The card you save here is charged at once, and the subscription is active again.
        </p>
      ) : (
        <p>
          The card that pays for {title} from now on. Nothing is charged now.
          {subscription.needsPaymentMethod ? ' We do not hold a card that can renew it yet.' : ''}
        </p>
      )}
      <p data-testid="card-current">
        {saved ? 'Card' : 'Current card'}: {subscription.paymentMethod}
      </p>
      {held?.kind === 'paid' && (
        <div className={actions.notice} role="status" data-testid="renewal-confirmed">
          <p>
            Your bank confirmed the payment. {title} is active again, and its receipt is in your e-mail ({email}).
          </p>
        </div>
      )}
      {subscription.pastDue?.awaitsBank && !unavailable && (
        <section className={styles.held} aria-labelledby="held-renewal-title" aria-busy={confirming} data-testid="renewal-held">
          <h2 id="held-renewal-title">Confirm the payment with your bank</h2>
          <p>
            Your bank asks you to confirm the renewal payment yourself, with {subscription.paymentMethod}. Nothing has been charged yet.
          </p>
          <FormActions
            error={held?.kind === 'error' ? held.message : null}
            errorTestId="renewal-held-error"
            label="Confirm the payment"
            busyLabel="Waiting for your bank…"
            sending={confirming}
            onClick={() => void confirmHeld()}
          />
        </section>
      )}
      {subscription.pastDue?.awaitsBank && !unavailable && <h2>Or pay with another card</h2>}
      {held?.kind === 'error' && !subscription.pastDue?.awaitsBank && (
        <p role="alert" className={actions.error} data-testid="renewal-held-error">
          {held.message}
        </p>
      )}
      {saved && (
        <div className={actions.notice} role="status" data-testid="card-saved">
          <p>
            Saved. {title} is now paid with {subscription.paymentMethod}. {savedOutcome(beforeSave, subscription, renewalPending)} We sent a
            confirmation to {email}.
          </p>
        </div>
      )}
      {unavailable ? (
        <p role="alert" className={actions.error}>
          {unavailable}
        </p>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-busy={sending}>
          {config?.gateway === 'stripe' ? (
            <StripeCardSection publishableKey={config.publishableKey} handleRef={stripe} />
          ) : (
            <SandboxCardFields
              card={card}
              errors={Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => showErrors || touched.has(field as CardField)))}
              onChange={(field, value) => setCard((current) => ({ ...current, [field]: value }))}
              onBlur={(field) => setTouched((current) => new Set(current).add(field))}
              register={(field) => (element) => {
                inputs.current.set(field, element);
              }}
            />
          )}
          <FormActions
            error={error}
            errorTestId="card-error"
            label="Save card"
            busyLabel="Saving…"
            sending={sending}
            secondary={{ href: accountHref, label: 'Back to your subscriptions' }}
          />
        </form>
      )}
    </AccountFrame>
  );
}
