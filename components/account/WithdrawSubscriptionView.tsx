import { useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { withLang } from '@/lib/i18n/langLink';
import { failureCode } from '@/lib/account/apiFailure';
import { withdrawalErrorText } from '@/lib/withdrawal/withdrawalErrors';
import type { WithdrawPageProps } from '@/lib/withdrawal/withdrawalView';
import { dateTimeWords } from '@/lib/withdrawal/withdrawalWords';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { Msg, useWords } from '@/components/shell/I18n';
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
  const words = useWords();
  const { t } = words;
  const [offer, setOffer] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const accountHref = withLang(livemode ? '/account' : '/account?livemode=false', words.locale);
  const contract = { brand: subscription.brandName, offer: subscription.offerName };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const { withdrawal } = await api.withdrawSubscription(subscription.id);
      setOffer({ state: 'withdrawn', receipt: withdrawal });
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      setError(withdrawalErrorText(words, 'account', failureCode(failure), livemode));
    } finally {
      setSending(false);
    }
  };

  if (offer.state === 'withdrawn') {
    return (
      <AccountFrame brand={brand} livemode={livemode} email={email}>
        <DocumentTitle title={t('withdraw.receivedTitle')} />
        <h1 ref={heading} tabIndex={-1}>
          {t('withdraw.receivedTitle')}
        </h1>
        <WithdrawalReceiptView receipt={offer.receipt} />
        <p>
          <Msg id="withdraw.account.refundNote" components={{ 0: <Link href={accountHref} /> }} />
        </p>
      </AccountFrame>
    );
  }

  if (offer.state === 'ineligible') {
    return (
      <AccountFrame brand={brand} livemode={livemode} email={email}>
        <DocumentTitle title={t('withdraw.title')} />
        <h1>{t('withdraw.title')}</h1>
        <p data-testid="withdrawal-refused">
          {t('withdraw.account.cannot', contract)} {t(`withdraw.ineligible.${offer.reason}`)}
        </p>
        <p>
          <Link href={accountHref}>{t('withdraw.backToSubscriptions')}</Link>
        </p>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title={t('withdraw.title')} />
      <h1>{t('withdraw.title')}</h1>
      <p>
        <Msg
          id="withdraw.account.intro"
          values={{ ...contract, invoice: offer.invoiceNumber, until: dateTimeWords(words, offer.until) }}
          components={{ 0: <strong /> }}
        />
      </p>
      <ul>
        <li>{t('withdraw.account.accessEnds')}</li>
        <li>
          {offer.refundAmount
            ? t('withdraw.account.refund', {
                amount: words.money(offer.refundAmount.cents, offer.refundAmount.currency),
                to: offer.refundTo,
              })
            : t('withdraw.nothingToRefund')}
        </li>
        <li>{t('withdraw.account.confirmation')}</li>
      </ul>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <FormActions
          error={error}
          label={t('withdraw.confirm')}
          busyLabel={t('withdraw.account.withdrawing')}
          sending={sending}
          tone="danger"
          secondary={{ href: accountHref, label: t('withdraw.account.keep') }}
        />
      </form>
      <p>{t('withdraw.account.cancelInstead')}</p>
    </AccountFrame>
  );
}
