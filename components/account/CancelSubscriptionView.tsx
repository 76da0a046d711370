import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import type { SubscriptionPageProps } from '@/lib/account/accountView';
import { failureMessage } from '@/lib/account/apiFailure';
import { CANCEL_FAILURES } from '@/lib/account/cancelFailures';
import { dateTimeWords } from '@/lib/account/accountWords';
import { CANCEL_REASON_LABELS } from '@/lib/account/cancelView';
import { buttonLabel } from '@/lib/checkout/marketWording';
import { withLang } from '@/lib/i18n/langLink';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { Msg, useWords } from '@/components/shell/I18n';
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
  const words = useWords();
  const { t } = words;
  const [subscription, setSubscription] = useState(initial);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const accountHref = withLang(livemode ? '/account' : '/account?livemode=false', words.locale);
  const name = t('cancel.subscription.name', { brand: subscription.brandName, offer: subscription.offerName });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      setSubscription((await api.cancelSubscription(subscription.id, cancelReasonOf(reason, details) ?? undefined)).subscription);
      setConfirmed(true);
    } catch (failure) {
      setError(words.say(failureMessage(failure, CANCEL_FAILURES, 'cancel.error.fallback')));
    } finally {
      setSending(false);
    }
  };

  if (subscription.status === 'cancelling' || subscription.status === 'ended') {
    return (
      <AccountFrame brand={brand} livemode={livemode} email={email}>
        <DocumentTitle title={t('cancel.cancelled.tabTitle')} />
        <h1 tabIndex={-1}>{t(confirmed ? 'cancel.cancelled.titleNow' : 'cancel.cancelled.titleBefore')}</h1>
        <div className={actions.notice} role="status" data-testid="cancel-confirmation">
          <p>
            {t(subscription.status === 'ended' ? 'cancel.cancelled.endedAt' : 'cancel.cancelled.endsAt', {
              name,
              until: subscription.facts.endsAt ? dateTimeWords(words, subscription.facts.endsAt) : '',
            })}
          </p>
          {confirmed && <p>{t('cancel.cancelled.sent', { email })}</p>}
        </div>
        <p>
          {subscription.canResume && <>{t('cancel.cancelled.resume')} </>}
          <Link href={accountHref}>{t('cancel.cancelled.back')}</Link>
        </p>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title={t('cancel.subscription.title')} />
      <h1>{t('cancel.subscription.title')}</h1>
      <p>
        <Msg
          id="cancel.subscription.intro"
          values={{ name, until: dateTimeWords(words, subscription.facts.periodEnd) }}
          components={{ 0: <strong />, 1: <strong /> }}
        />
      </p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor="cancel-reason">{t('cancel.subscription.reason')}</label>
          <select id="cancel-reason" value={reason} onChange={(event) => setReason(event.target.value)}>
            <option value="">{t('cancel.subscription.chooseReason')}</option>
            {CANCEL_REASON_CHOICES.map((option) => (
              <option key={option} value={option}>
                {t(CANCEL_REASON_LABELS[option])}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="cancel-details">{t('cancel.subscription.details')}</label>
          <textarea id="cancel-details" rows={3} maxLength={400} value={details} onChange={(event) => setDetails(event.target.value)} />
        </div>
        <FormActions
          error={error}
          label={buttonLabel(words, 'cancelConfirmButton', 'cancel.subscription.submit')}
          busyLabel={t('cancel.subscription.sending')}
          sending={sending}
          tone="danger"
          secondary={{ href: accountHref, label: t('cancel.subscription.keep') }}
        />
      </form>
    </AccountFrame>
  );
}
