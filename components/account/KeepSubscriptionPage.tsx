import { useState } from 'react';
import Link from 'next/link';
import type { KeepAnswer } from '@/lib/api/apiClient';
import type { KeepPageProps } from '@/lib/account/cancelView';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';

/**
 * /cancel/keep: the "Keep my subscription" link's page. Opening it changes nothing (a mail
 * scanner follows links too); the one button keeps the subscription.
 */
export function KeepSubscriptionPage(props: KeepPageProps) {
  const api = useApiClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState<KeepAnswer | null>(null);

  if (props.state === 'refused') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title="Keep your subscription" />
        <h1>We could not use this link</h1>
        <p role="alert">{props.message}</p>
        <p>
          <Link href={props.livemode ? '/account' : '/account?livemode=false'}>Go to your account</Link>
        </p>
      </AccountFrame>
    );
  }

  const keep = async () => {
    setSending(true);
    setError(null);
    try {
      setKept(await api.keepSubscription(props.token));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'We could not keep your subscription. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <AccountFrame brand={null} livemode={props.livemode} email={null}>
      <DocumentTitle title="Keep your subscription" />
      {kept ? (
        <>
          <h1>Your subscription continues</h1>
          <div className={actions.notice} role="status" data-testid="subscription-kept">
            <p>
              {kept.brandName}: {kept.offerName} was not cancelled after all.
              {kept.nextCharge ? ` It renews on ${kept.nextCharge.date} at ${kept.nextCharge.amount}.` : ''} We sent a confirmation by
              e-mail.
            </p>
          </div>
        </>
      ) : (
        <>
          <h1>Keep your subscription</h1>
          <p>
            {props.brandName}: {props.offerName} was cancelled on our cancellation page. If that was not you, or you changed your mind, keep
            it: it will renew as before.
          </p>
          <FormActions
            error={error}
            label="Keep my subscription"
            busyLabel="Keeping your subscription…"
            sending={sending}
            onClick={() => void keep()}
          />
        </>
      )}
    </AccountFrame>
  );
}
