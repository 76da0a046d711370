import { useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import type { WithdrawPageProps } from '@/lib/withdrawal/withdrawalView';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import styles from './AccountForms.module.css';
import { WithdrawalReceiptView } from './WithdrawalReceiptView';

/**
 * /account/subscriptions/{id}/withdraw: the second of two steps (the link on the subscription
 * was the first). It says what withdrawing does, then Confirm; then the receipt. The page read
 * again shows the receipt from the record, so a reload sends nothing.
 */
export function WithdrawSubscriptionView({ email, livemode, brand, subscription, offer: initial }: WithdrawPageProps) {
  const api = useApiClient();
  const [offer, setOffer] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const accountHref = livemode ? '/account' : '/account?livemode=false';
  const name = `${subscription.brandName}: ${subscription.offerName}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const { withdrawal } = await api.withdrawSubscription(subscription.id);
      setOffer({ state: 'withdrawn', receipt: withdrawal });
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'We could not confirm your withdrawal. Please reload the page.');
    } finally {
      setSending(false);
    }
  };

  if (offer.state === 'withdrawn') {
    return (
      <AccountFrame brand={brand} livemode={livemode} email={email}>
        <DocumentTitle title="Withdrawal received" />
        <h1 ref={heading} tabIndex={-1}>
          Withdrawal received
        </h1>
        <WithdrawalReceiptView receipt={offer.receipt} />
        <p>
          Your invoice shows the refund once it is made. <Link href={accountHref}>Back to your subscriptions</Link>
        </p>
      </AccountFrame>
    );
  }

  if (offer.state === 'ineligible') {
    return (
      <AccountFrame brand={brand} livemode={livemode} email={email}>
        <DocumentTitle title="Withdraw from contract" />
        <h1>Withdraw from contract</h1>
        <p data-testid="withdrawal-refused">
          You cannot withdraw from {name}. {offer.message}
        </p>
        <p>
          <Link href={accountHref}>Back to your subscriptions</Link>
        </p>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title="Withdraw from contract" />
      <h1>Withdraw from contract</h1>
      <p>
        You are withdrawing from <strong>{name}</strong> (invoice {offer.invoiceNumber}). You have the right to withdraw within 14 days of
        your purchase, until {offer.until}, without giving a reason.
      </p>
      <ul>
        <li>Your access ends now, and the subscription will not renew.</li>
        <li>
          {offer.refundAmount
            ? `You get ${offer.refundAmount} back in full, to ${offer.refundTo}.`
            : 'Nothing was charged, so there is nothing to refund.'}
        </li>
        <li>We e-mail you a confirmation with the date and time we received your withdrawal.</li>
      </ul>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <FormActions
          error={error}
          label="Confirm withdrawal"
          busyLabel="Withdrawing…"
          sending={sending}
          tone="danger"
          secondary={{ href: accountHref, label: 'Keep my subscription' }}
        />
      </form>
      <p>To stop renewals only and keep access until the end of the period, cancel the subscription instead.</p>
    </AccountFrame>
  );
}
