import { useRef, useState } from 'react';
import Link from 'next/link';
import { withLang } from '@/lib/i18n/langLink';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { failureCode } from '@/lib/account/apiFailure';
import { withdrawalErrorText } from '@/lib/withdrawal/withdrawalErrors';
import type { WithdrawalAnswer, WithdrawalAnswerPageProps, WithdrawalLinkPurpose } from '@/lib/withdrawal/withdrawalView';
import { dateTimeWords } from '@/lib/withdrawal/withdrawalWords';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import { WithdrawalReceiptView } from './WithdrawalReceiptView';
import actions from './AccountActions.module.css';

const TITLES: Record<WithdrawalLinkPurpose, MessageKey> = { confirm: 'withdraw.confirm', object: 'withdraw.answer.notMe' };

/**
 * /withdraw/answer: the page of a link in the acknowledgment of a withdrawal declared on the
 * public page. Opening it changes nothing (a mail scanner follows links too); its one button
 * confirms the withdrawal (ended and refunded now) or says it was not the subscriber (kept).
 */
export function WithdrawalAnswerPage(props: WithdrawalAnswerPageProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<WithdrawalAnswer | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const accountHref = withLang(props.livemode ? '/account' : '/account?livemode=false', words.locale);

  if (props.state === 'refused') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title={t('withdraw.answer.title')} />
        <h1>{t('withdraw.linkRefused')}</h1>
        <p role="alert">{withdrawalErrorText(words, 'answer', props.code)}</p>
        <p>
          <Link href={accountHref}>{t('withdraw.goToAccount')}</Link>
        </p>
      </AccountFrame>
    );
  }

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      setAnswer(await api.answerWithdrawal(props.token));
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      setError(withdrawalErrorText(words, 'answer', failureCode(failure)));
    } finally {
      setSending(false);
    }
  };

  if (answer?.answer === 'confirmed') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title={t('withdraw.answer.confirmedTitle')} />
        <h1 ref={heading} tabIndex={-1}>
          {t('withdraw.answer.confirmedTitle')}
        </h1>
        <WithdrawalReceiptView receipt={answer.withdrawal} />
        <p>
          <Link href={accountHref}>{t('withdraw.goToAccount')}</Link>
        </p>
      </AccountFrame>
    );
  }

  if (answer?.answer === 'objected') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title={t('withdraw.answer.continuesTitle')} />
        <h1 ref={heading} tabIndex={-1}>
          {t('withdraw.answer.continuesTitle')}
        </h1>
        <div className={actions.notice} role="status" data-testid="withdrawal-objected">
          <p>{t('withdraw.answer.objected', { brand: props.brandName, offer: answer.offerName })}</p>
        </div>
        <p>
          <Link href={accountHref}>{t('withdraw.goToAccount')}</Link>
        </p>
      </AccountFrame>
    );
  }

  const contract = { brand: props.brandName, offer: props.offerName, invoice: props.invoiceNumber };
  const receivedAt = dateTimeWords(words, props.receivedAt);
  return (
    <AccountFrame brand={null} livemode={props.livemode} email={null}>
      <DocumentTitle title={t(TITLES[props.purpose])} />
      {props.purpose === 'confirm' ? (
        <>
          <h1>{t('withdraw.confirmTitle')}</h1>
          <p data-testid="withdrawal-link-summary">
            {t('withdraw.answer.confirmSummary', { ...contract, receivedAt, automaticAt: dateTimeWords(words, props.automaticAt) })}
          </p>
          <FormActions
            error={error}
            label={t('withdraw.confirm')}
            busyLabel={t('withdraw.answer.confirming')}
            sending={sending}
            tone="danger"
            onClick={() => void send()}
          />
        </>
      ) : (
        <>
          <h1>{t('withdraw.answer.objectHeading')}</h1>
          <p data-testid="withdrawal-link-summary">{t('withdraw.answer.objectSummary', { ...contract, receivedAt })}</p>
          <FormActions
            error={error}
            label={t('withdraw.answer.notMe')}
            busyLabel={t('withdraw.sending')}
            sending={sending}
            onClick={() => void send()}
          />
        </>
      )}
    </AccountFrame>
  );
}
