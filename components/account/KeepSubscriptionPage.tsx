import { useState } from 'react';
import Link from 'next/link';
import type { KeepAnswer } from '@/lib/api/apiClient';
import { codeMessage, failureMessage } from '@/lib/account/apiFailure';
import { KEEP_FAILURES } from '@/lib/account/cancelFailures';
import type { KeepPageProps } from '@/lib/account/cancelView';
import { nextChargeWords } from '@/lib/account/accountWords';
import { withLang } from '@/lib/i18n/langLink';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';

/**
 * /cancel/keep: the "Keep my subscription" link's page. Opening it changes nothing (a mail
 * scanner follows links too); the one button keeps the subscription.
 */
export function KeepSubscriptionPage(props: KeepPageProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState<KeepAnswer | null>(null);

  if (props.state === 'refused') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title={t('cancel.keep.title')} />
        <h1>{t('cancel.keep.refused.title')}</h1>
        <p role="alert">{words.say(codeMessage(props.code, KEEP_FAILURES, 'cancel.keep.error.keep_link_invalid'))}</p>
        <p>
          <Link href={withLang(props.livemode ? '/account' : '/account?livemode=false', words.locale)}>
            {t('cancel.keep.refused.account')}
          </Link>
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
      setError(words.say(failureMessage(failure, KEEP_FAILURES, 'cancel.keep.error.fallback')));
    } finally {
      setSending(false);
    }
  };

  const names = { brand: kept?.brandName ?? props.brandName, offer: kept?.offerName ?? props.offerName };
  return (
    <AccountFrame brand={null} livemode={props.livemode} email={null}>
      <DocumentTitle title={t('cancel.keep.title')} />
      {kept ? (
        <>
          <h1>{t('cancel.keep.kept.title')}</h1>
          <div className={actions.notice} role="status" data-testid="subscription-kept">
            <p>
              {kept.nextCharge
                ? t('cancel.keep.kept.renews', { ...names, ...nextChargeWords(words, kept.nextCharge) })
                : t('cancel.keep.kept.text', names)}
            </p>
          </div>
        </>
      ) : (
        <>
          <h1>{t('cancel.keep.title')}</h1>
          <p>{t('cancel.keep.intro', names)}</p>
          <FormActions
            error={error}
            label={t('cancel.keep.submit')}
            busyLabel={t('cancel.keep.sending')}
            sending={sending}
            onClick={() => void keep()}
          />
        </>
      )}
    </AccountFrame>
  );
}
