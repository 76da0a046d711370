import { useState } from 'react';
import Link from 'next/link';
import { ApiError } from '@/lib/api/apiErrors';
import type { UndoPurchaseAnswer, UndoPurchaseFacts, UndoPurchasePageProps } from '@/lib/account/undoPurchaseView';
import { withLang } from '@/lib/i18n/langLink';
import type { MessageKey } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';
import { failureCode } from '@/lib/account/apiFailure';
import { withdrawalErrorText } from '@/lib/withdrawal/withdrawalErrors';
import { dateTimeWords } from '@/lib/withdrawal/withdrawalWords';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import styles from './UndoPurchase.module.css';

/** The heading of a link that cannot be used, by its refusal's code. */
const REFUSED_HEADINGS: Readonly<Record<string, MessageKey>> = {
  undo_link_invalid: 'withdraw.undo.refused.undo_link_invalid',
  undo_link_expired: 'withdraw.undo.refused.undo_link_expired',
};

/** What the purchase was, as the mail's reader knows it. */
function PurchaseFacts({ facts }: { facts: UndoPurchaseFacts }) {
  const words = useWords();
  const { t } = words;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('withdraw.undo.bought')}</dt>
        <dd>{t('withdraw.contract', { brand: facts.brandName, offer: facts.offerName })}</dd>
      </div>
      <div>
        <dt>{t('withdraw.undo.when')}</dt>
        <dd>{dateTimeWords(words, facts.purchasedAt)}</dd>
      </div>
      <div>
        <dt>{t('withdraw.undo.amountPaid')}</dt>
        <dd>{words.money(facts.amount.cents, facts.amount.currency)}</dd>
      </div>
    </dl>
  );
}

/** What happened to the money, in words that are true for each refund state. */
function refundWords(words: Words, answer: UndoPurchaseAnswer): string {
  const amount = words.money(answer.refund.amount.cents, answer.refund.amount.currency);
  switch (answer.refund.status) {
    case 'succeeded':
      return words.t('withdraw.undo.refund.succeeded', { amount });
    case 'pending':
      return words.t('withdraw.undo.refund.pending', { amount });
    case 'already':
      return words.t('withdraw.undo.refund.already');
    case 'none':
      return words.t('withdraw.undo.refund.none');
  }
}

/** When a used link was used: the 409's details carry the instant. */
function usedAt(failure: ApiError): string | null {
  const [at] = failure.details;
  return at !== undefined && !Number.isNaN(Date.parse(at)) ? at : null;
}

/**
 * /undo-purchase: the "Undo this purchase" link's page, for a purchase that started a second
 * subscription of a brand. Opening it changes nothing (a mail scanner follows links too);
 * its one button refunds the purchase in full and ends its subscription at once.
 */
export function UndoPurchasePage(props: UndoPurchasePageProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<UndoPurchaseAnswer | null>(null);
  // Undone meanwhile (another tab, another press): when, if the answer said.
  const [alreadyUndone, setAlreadyUndone] = useState<{ at: string | null } | null>(null);
  const accountHref = withLang(props.livemode ? '/account' : '/account?livemode=false', words.locale);

  if (props.state === 'refused') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title={t('withdraw.undo.title')} />
        <h1>{t(REFUSED_HEADINGS[props.code] ?? 'withdraw.linkRefused')}</h1>
        <p role="alert">{withdrawalErrorText(words, 'undo', props.code)}</p>
        <p>
          <Link href={accountHref}>{t('withdraw.goToAccount')}</Link>
        </p>
      </AccountFrame>
    );
  }

  if (props.state === 'undone' || alreadyUndone !== null) {
    const charged = props.charged ? 'yes' : 'no';
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title={t('withdraw.undo.title')} />
        <h1>{t('withdraw.undo.undoneHeading')}</h1>
        <PurchaseFacts facts={props} />
        <div className={actions.notice} role="status" data-testid="purchase-undone">
          <p>
            {props.state === 'undone'
              ? t('withdraw.undo.undoneAt', { undoneAt: dateTimeWords(words, props.undoneAt), charged })
              : t('withdraw.undo.alreadyUndone', {
                  known: alreadyUndone?.at ? 'yes' : 'no',
                  undoneAt: alreadyUndone?.at ? dateTimeWords(words, alreadyUndone.at) : '',
                })}
          </p>
        </div>
      </AccountFrame>
    );
  }

  const undo = async () => {
    setSending(true);
    setError(null);
    try {
      setDone(await api.undoPurchase(props.token));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'undo_link_used') setAlreadyUndone({ at: usedAt(failure) });
      else setError(withdrawalErrorText(words, 'undo', failureCode(failure), props.livemode));
    } finally {
      setSending(false);
    }
  };

  const amount = words.money(props.amount.cents, props.amount.currency);
  return (
    <AccountFrame brand={null} livemode={props.livemode} email={null}>
      <DocumentTitle title={t('withdraw.undo.title')} />
      {done ? (
        <>
          <h1>{t('withdraw.undo.doneHeading')}</h1>
          <PurchaseFacts facts={props} />
          <div className={actions.notice} role="status" data-testid="purchase-undone">
            <p>
              {t('withdraw.undo.ended', { brand: done.brandName, offer: done.offerName, undoneAt: dateTimeWords(words, done.undoneAt) })}{' '}
              {refundWords(words, done)} {t('withdraw.undo.otherGoesOn', { brand: done.brandName })}
            </p>
          </div>
        </>
      ) : (
        <>
          <h1>{t('withdraw.undo.heading')}</h1>
          <p>{t('withdraw.undo.intro', { brand: props.brandName, charged: props.charged ? 'yes' : 'no', amount })}</p>
          <PurchaseFacts facts={props} />
          <FormActions
            error={error}
            errorTestId="undo-error"
            label={props.charged ? t('withdraw.undo.undoAndRefund', { amount }) : t('withdraw.undo.heading')}
            busyLabel={t('withdraw.undo.undoing')}
            sending={sending}
            tone="danger"
            onClick={() => void undo()}
          />
        </>
      )}
    </AccountFrame>
  );
}
