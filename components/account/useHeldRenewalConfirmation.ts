import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { useRouter } from 'next/router';
import { cardPageWithoutSetup, type RenewalPaymentResponse } from '@/lib/account/cardChange';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { heldRenewalFailure, renewalDeclined } from '@/lib/account/cardFailures';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { useWords } from '@/components/shell/I18n';
import type { KeptCardHandle } from '@/components/payment-methods/registry';
import type { OtherAction } from './oneActionAtATime';
import { usePageRestored } from '@/lib/browser/usePageRestored';

/** Where confirming a renewal the bank held left it, as the page says it. */
export type HeldOutcome = { kind: 'paid' } | { kind: 'error'; message: string } | null;

export interface HeldRenewalOptions {
  subscriptionId: string;
  setSubscription: (subscription: SubscriptionSummary) => void;
  returnedFromRenewal: boolean;
  /** Why the page offers no card change (nor a confirmation); null when it does. */
  unavailable: string | null;
  /** Stripe Elements' handle, which does Stripe's check in the page; null until its form has loaded. */
  cardForm: RefObject<KeptCardHandle | null>;
  /** Whether the page confirmed what a bank's page sent it back with: once per page, whichever return it was. */
  returnConfirmedRef: RefObject<boolean>;
}

/**
 * Confirming a renewal the bank holds until the subscriber confirms it (3-D Secure): Stripe's
 * check in the page, or the sandbox bank's page, which sends the subscriber back to be asked
 * how it went (once, then taken off the address).
 */
export function useHeldRenewalConfirmation({
  subscriptionId,
  setSubscription,
  returnedFromRenewal,
  unavailable,
  cardForm,
  returnConfirmedRef,
}: HeldRenewalOptions) {
  const api = useApiClient();
  const words = useWords();
  const router = useRouter();
  // Back from the bank's page, the confirmation is busy from the first render.
  const [confirming, setConfirming] = useState(returnedFromRenewal && unavailable === null);
  const [held, setHeld] = useState<HeldOutcome>(null);
  usePageRestored(() => setConfirming(false));

  /** The server's word on a held renewal: paid, or refused (the page then offers another card only). */
  const showHeld = (answer: RenewalPaymentResponse) => {
    if (answer.status === 'requires_action') {
      setHeld({ kind: 'error', message: words.t('cancel.held.error.notYet') });
      return;
    }
    setSubscription(answer.subscription);
    setHeld(answer.status === 'paid' ? { kind: 'paid' } : { kind: 'error', message: words.say(renewalDeclined(answer.code)) });
  };

  const confirm = async (other: OtherAction) => {
    if (confirming || other.busy) return;
    setHeld(null);
    other.clear();
    setConfirming(true);
    let leaving = false;
    try {
      let answer = await api.confirmRenewalPayment(subscriptionId);
      if (answer.status === 'requires_action' && answer.action.type === 'redirect') {
        // The sandbox bank's page: it sends the subscriber back here, and the page asks how it went.
        leaving = true;
        window.location.assign(answer.action.url);
        return;
      }
      if (answer.status === 'requires_action') {
        if (answer.action.type !== 'stripe_sdk' || !cardForm.current) {
          setHeld({ kind: 'error', message: words.t('cancel.held.error.uncheckable') });
          return;
        }
        const checked = answer.savedCard
          ? await cardForm.current.confirmWithSavedCard(answer.action.clientSecret, answer.savedCard)
          : await cardForm.current.handleNextAction(answer.action.clientSecret);
        if (checked.error) {
          setHeld({ kind: 'error', message: words.t('cancel.held.error.check', { error: checked.error }) });
          return;
        }
        answer = await api.confirmRenewalPayment(subscriptionId);
      }
      showHeld(answer);
    } catch (failure) {
      setHeld({ kind: 'error', message: words.say(heldRenewalFailure(failure)) });
    } finally {
      if (!leaving) setConfirming(false);
    }
  };

  const confirmReturn = useEffectEvent(() => {
    // Back from the bank's page of a held renewal: asked once, and taken off the address, as a returned setup is.
    if (!returnedFromRenewal || unavailable || returnConfirmedRef.current) return;
    returnConfirmedRef.current = true;
    router.replace(cardPageWithoutSetup(router.asPath), undefined, { shallow: true, scroll: false }).catch(() => undefined);
    api
      .confirmRenewalPayment(subscriptionId)
      .then(showHeld, (failure: unknown) => setHeld({ kind: 'error', message: words.say(heldRenewalFailure(failure)) }))
      .finally(() => setConfirming(false));
  });
  useEffect(() => {
    confirmReturn();
  }, []);

  return {
    confirming,
    held,
    /** Takes the last confirmation's word off the page (another action started). */
    clear: () => setHeld(null),
    confirm,
  };
}

export type HeldConfirmation = ReturnType<typeof useHeldRenewalConfirmation>;
