import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import type { SubscriptionPageProps } from '@/lib/account/accountView';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';
import { CANCEL_REASON_CHOICES, cancelReasonOf } from '@/lib/subscriptions/cancelReasons';

/**
 * The one page where a subscriber confirms a cancellation (the second of two clicks): what
 * happens, an optional reason, Confirm. Then the confirmation, with the date and time access ends.
 */
export function CancelSubscriptionView({ email, livemode, brand, subscription: initial }: SubscriptionPageProps) {
  const api = useApiClient();
  const [subscription, setSubscription] = useState(initial);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const accountHref = livemode ? '/account' : '/account?livemode=false';
  const name = `${subscription.brandName}: ${subscription.offerName}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      setSubscription((await api.cancelSubscription(subscription.id, cancelReasonOf(reason, details) ?? undefined)).subscription);
      setConfirmed(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'We could not cancel your subscription. Please try again.');
    } finally {
      setSending(false);
    }
  };

  if (subscription.status === 'cancelling' || subscription.status === 'ended') {
    return (
      <AccountFrame brand={brand} livemode={livemode} email={email}>
        <DocumentTitle title="Subscription cancelled" />
        <h1 tabIndex={-1}>{confirmed ? 'Your subscription is cancelled' : 'This subscription is cancelled'}</h1>
        <div className={actions.notice} role="status" data-testid="cancel-confirmation">
          <p>
            {name} will not renew.{' '}
            {subscription.status === 'ended' ? `It ended on ${subscription.endsAt}.` : `You keep access until ${subscription.endsAt}.`}
          </p>
          {confirmed && <p>We sent a confirmation to {email}.</p>}
        </div>
        <p>
          {subscription.canResume ? 'Changed your mind? You can resume it from your account until then. ' : ''}
          <Link href={accountHref}>Back to your subscriptions</Link>
        </p>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title="Cancel your subscription" />
      <h1>Cancel your subscription</h1>
      <p>
        You are cancelling <strong>{name}</strong>. It will not renew, and nothing more will be charged. You keep access until{' '}
        <strong>{subscription.periodEndsAt}</strong>, the end of the period you paid for.
      </p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor="cancel-reason">Why are you cancelling? (optional)</label>
          <select id="cancel-reason" value={reason} onChange={(event) => setReason(event.target.value)}>
            <option value="">Choose a reason</option>
            {CANCEL_REASON_CHOICES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="cancel-details">Anything else you would like to tell us? (optional)</label>
          <textarea id="cancel-details" rows={3} maxLength={400} value={details} onChange={(event) => setDetails(event.target.value)} />
        </div>
        <FormActions
          error={error}
          label="Confirm cancellation"
          busyLabel="Cancelling…"
          sending={sending}
          tone="danger"
          secondary={{ href: accountHref, label: 'Keep my subscription' }}
        />
      </form>
    </AccountFrame>
  );
}
