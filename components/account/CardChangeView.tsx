import { useRef, useState } from 'react';
import type { CardPageProps } from '@/lib/account/cardChange';
import { withLang } from '@/lib/i18n/langLink';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import type { KeptCardHandle } from '@/components/payment-methods/registry';
import { AccountFrame } from './AccountFrame';
import { CardChangeForm } from './CardChangeForm';
import { HeldRenewalConfirmation } from './HeldRenewalConfirmation';
import { useCardChange } from './useCardChange';
import { useHeldRenewalConfirmation } from './useHeldRenewalConfirmation';

/**
 * A card subscription's card page: a renewal the bank holds is offered for confirmation
 * first, then the form that changes the card, nothing charged (but a past-due renewal). The
 * two share the subscription as the server last answered it, Stripe's handle, and the page's
 * one return from a bank's page; one of them runs at a time. A return is confirmed once,
 * then taken off the address, so that a reload or a return through the history confirms
 * nothing again.
 */
export function CardChangeView({
  email,
  livemode,
  brand,
  subscription: initial,
  card: config,
  returnedSetup,
  returnedFromRenewal,
}: CardPageProps) {
  const words = useWords();
  const { t } = words;
  const [subscription, setSubscription] = useState(initial);
  const cardForm = useRef<KeptCardHandle | null>(null);
  const returnConfirmedRef = useRef(false);
  const accountHref = withLang(livemode ? '/account' : '/account?livemode=false', words.locale);
  const title = t('billing.subscriptionName', { brand: subscription.brandName, offer: subscription.offerName });
  const unavailableWhy: MessageKey | null =
    subscription.paymentChange !== 'card'
      ? 'billing.card.unavailable.wallet'
      : subscription.status === 'ended'
        ? 'billing.card.unavailable.ended'
        : config === null
          ? 'billing.card.unavailable.noGateway'
          : null;
  const unavailable = unavailableWhy && t(unavailableWhy);
  const change = useCardChange({ subscription, setSubscription, config, returnedSetup, unavailable, cardForm, returnConfirmedRef });
  const held = useHeldRenewalConfirmation({
    subscriptionId: subscription.id,
    setSubscription,
    returnedFromRenewal,
    unavailable,
    cardForm,
    returnConfirmedRef,
  });

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title={t('billing.card.title')} />
      <h1>{t('billing.card.title')}</h1>
      {subscription.facts.pastDue ? (
        <p data-testid="card-past-due">{t('billing.card.pastDue', { title })}</p>
      ) : (
        <p>{t(subscription.needsPaymentMethod ? 'billing.card.introNoCard' : 'billing.card.intro', { title })}</p>
      )}
      <p data-testid="card-current">
        {t(change.saved ? 'billing.card.new' : 'billing.card.current', { method: subscription.paymentMethod })}
      </p>
      <HeldRenewalConfirmation
        confirmation={held}
        subscription={subscription}
        title={title}
        email={email}
        offered={!unavailable}
        onConfirm={() => void held.confirm({ busy: change.sending, clear: change.clearSaved })}
      />
      <CardChangeForm
        change={change}
        subscription={subscription}
        title={title}
        email={email}
        config={config}
        unavailable={unavailable}
        accountHref={accountHref}
        cardForm={cardForm}
        onSubmit={(event) => void change.submit(event, { busy: held.confirming, clear: held.clear })}
      />
    </AccountFrame>
  );
}
