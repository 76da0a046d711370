import { useRef, useState } from 'react';
import type { CardPageProps } from '@/lib/account/cardChange';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
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
  const [subscription, setSubscription] = useState(initial);
  const cardForm = useRef<KeptCardHandle | null>(null);
  const returnConfirmedRef = useRef(false);
  const accountHref = livemode ? '/account' : '/account?livemode=false';
  const title = `${subscription.brandName}: ${subscription.offerName}`;
  const unavailable =
    subscription.paymentChange !== 'card'
      ? 'This subscription is paid with a wallet: its payment method is changed there, not here.'
      : subscription.status === 'ended'
        ? 'This subscription has ended: it has no card to change.'
        : config === null
          ? 'Cards cannot be changed on this server just now. Your card was not changed.'
          : null;
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
        {change.saved ? 'Card' : 'Current card'}: {subscription.paymentMethod}
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
