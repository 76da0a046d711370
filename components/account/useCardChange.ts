import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useRouter } from 'next/router';
import { cardPageWithoutSetup, type CardChangeResponse, type NewCard } from '@/lib/account/cardChange';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { cardChangeFailure, cardDeclined } from '@/lib/account/cardFailures';
import { validateCardFields, type CardFields } from '@/lib/payments/sandbox/cardFields';
import type { PaymentMethodConfigs } from '@/lib/payments/methods';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { useWords } from '@/components/shell/I18n';
import type { CardField } from '@/components/payment-methods/sandbox/SandboxCardFields';
import { providerTakesTheCard, type KeptCardHandle } from '@/components/payment-methods/registry';
import type { OtherAction } from './oneActionAtATime';
import { usePageRestored } from '@/lib/browser/usePageRestored';

const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '' };
const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc'];

/** The last save: the subscription as it was before it (what the save charged is told from it), and whether its charge is still to come. */
export interface SavedCard {
  before: SubscriptionSummary;
  renewalPending: boolean;
}

export interface CardChangeOptions {
  subscription: SubscriptionSummary;
  setSubscription: (subscription: SubscriptionSummary) => void;
  config: PaymentMethodConfigs['card'] | null;
  returnedSetup: string | null;
  /** Why the page offers no card change; null when it does. */
  unavailable: string | null;
  /** Stripe Elements' handle, set once its form has loaded. */
  cardForm: RefObject<KeptCardHandle | null>;
  /** Whether the page confirmed what a bank's page sent it back with: once per page, whichever return it was. */
  returnConfirmedRef: RefObject<boolean>;
}

/**
 * Changing the card that renews a subscription: the typed card (the sandbox's fields, or
 * Stripe Elements), its 3-D Secure (Stripe's in the page, the sandbox bank's page, whose
 * setup is confirmed once on the way back and taken off the address), and the server's answer.
 */
export function useCardChange({
  subscription,
  setSubscription,
  config,
  returnedSetup,
  unavailable,
  cardForm,
  returnConfirmedRef,
}: CardChangeOptions) {
  const api = useApiClient();
  const words = useWords();
  const router = useRouter();
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [touched, setTouched] = useState<Set<CardField>>(new Set());
  const [showErrors, setShowErrors] = useState(false);
  const inputs = useRef(new Map<CardField, HTMLInputElement | null>());
  // Back from the bank's page, the form waits for the confirmation from the first render.
  const [sending, setSending] = useState(returnedSetup !== null && unavailable === null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedCard | null>(null);
  const fieldErrors = validateCardFields(card, new Date());
  usePageRestored(() => setSending(false));

  /** What the server is sent for the typed card, or why there is nothing to send (null: the fields show it). */
  const newCard = async (): Promise<NewCard | { error: string } | null> => {
    if (providerTakesTheCard(config)) {
      const method = cardForm.current ? await cardForm.current.createPaymentMethod() : { error: words.t('billing.card.error.loading') };
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
    if (answer.action.type !== 'stripe_sdk' || !cardForm.current) return { error: words.t('billing.card.error.uncheckable') };
    const checked = await cardForm.current.handleNextAction(answer.action.clientSecret);
    if (checked.error) return { error: words.t('billing.card.error.check', { error: checked.error }) };
    return api.confirmCardChange(subscription.id, answer.setupId);
  };

  /** The server's last word on a change or its confirmation, as the page shows it. */
  const show = (answer: CardChangeResponse | { error: string }) => {
    if ('error' in answer) setError(answer.error);
    else if (answer.status === 'failed') setError(words.say(cardDeclined(answer.code)));
    else if (answer.status === 'saved') {
      setSubscription(answer.subscription);
      setSaved({ before: subscription, renewalPending: answer.renewalPending === true });
      setCard(EMPTY_CARD);
      setTouched(new Set());
      setShowErrors(false);
    } else setError(words.t('billing.card.error.fallback'));
  };

  const submit = async (event: FormEvent, other: OtherAction) => {
    event.preventDefault();
    if (sending || other.busy) return;
    setSaved(null);
    other.clear();
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
      setError(words.say(cardChangeFailure(failure)));
    } finally {
      if (!leaving) setSending(false);
    }
  };

  const confirmReturnedSetup = useEffectEvent(() => {
    // Never where the page offers no card change, and once per page, even when an effect runs twice (React's strict mode).
    if (returnedSetup === null || unavailable || returnConfirmedRef.current) return;
    returnConfirmedRef.current = true;
    // Should the address keep the setup, a reload confirms it again, which records nothing twice.
    router.replace(cardPageWithoutSetup(router.asPath), undefined, { shallow: true, scroll: false }).catch(() => undefined);
    api
      .confirmCardChange(subscription.id, returnedSetup)
      .then(show, (failure: unknown) => setError(words.say(cardChangeFailure(failure))))
      .finally(() => setSending(false));
  });
  useEffect(() => {
    confirmReturnedSetup();
  }, []);

  return {
    card,
    /** The fields' problems the form shows: a field's once it was left, all of them once a save was tried. */
    shownErrors: Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => showErrors || touched.has(field as CardField))),
    setField: (field: CardField, value: string) => setCard((current) => ({ ...current, [field]: value })),
    leaveField: (field: CardField) => setTouched((current) => new Set(current).add(field)),
    register: (field: CardField) => (element: HTMLInputElement | null) => {
      inputs.current.set(field, element);
    },
    sending,
    error,
    saved,
    /** Takes the last save's notice off the page (another action started). */
    clearSaved: () => setSaved(null),
    submit,
  };
}

export type CardChange = ReturnType<typeof useCardChange>;
