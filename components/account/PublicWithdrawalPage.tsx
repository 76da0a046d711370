import { useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { withLang } from '@/lib/i18n/langLink';
import { automaticWithdrawalAt, OBJECTION_WINDOW_DAYS } from '@/lib/withdrawal/withdrawalPolicy';
import { failureCode } from '@/lib/account/apiFailure';
import { withdrawalErrorText } from '@/lib/withdrawal/withdrawalErrors';
import type { PublicWithdrawalPageProps } from '@/lib/withdrawal/withdrawalView';
import { dateTimeWords } from '@/lib/withdrawal/withdrawalWords';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { Msg, useWords } from '@/components/shell/I18n';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import forms from './AccountForms.module.css';
import { Loader } from '@/components/ui/Loader';
import { useWithdrawalDraft, type WithdrawalDetails } from './useWithdrawalDraft';

type Problems = Partial<Record<'email' | 'invoiceNumber', MessageKey>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVOICE = /^[A-Za-z0-9_-]{1,64}$/;

function problemsOf(details: WithdrawalDetails): Problems {
  const found: Problems = {};
  if (!EMAIL.test(details.email.trim())) found.email = 'withdraw.public.email.problem';
  if (!INVOICE.test(details.invoiceNumber.trim())) found.invoiceNumber = 'withdraw.public.invoice.problem';
  return found;
}

/**
 * /withdraw, linked from every page's footer ("Withdraw from contract here", § 356a BGB): a
 * withdrawal within 14 days without signing in, in two steps (the details, then a summary
 * with the "Confirm withdrawal" button), then a receipt with the date and time it was
 * received, from which it counts. The receipt reads the same whether or not the details named
 * a purchase: the page tells nobody who bought what. Since anyone can type an address and
 * guess an invoice number, the subscription's own address is e-mailed to confirm or object
 * before anything ends or is refunded.
 */
export function PublicWithdrawalPage({ livemode }: PublicWithdrawalPageProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const draft = useWithdrawalDraft();
  const { details, receivedAt } = draft;
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => requestAnimationFrame(() => heading.current?.focus());
  const set = (field: keyof WithdrawalDetails) => (event: { target: { value: string } }) =>
    draft.setDetails({ ...details, [field]: event.target.value });

  const proceed = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(details);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    draft.goTo('confirm');
    setError(null);
    focusHeading();
  };

  const confirm = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await api.declareWithdrawal({
        email: details.email.trim(),
        invoiceNumber: details.invoiceNumber.trim(),
        livemode,
        ...(details.name.trim() ? { name: details.name.trim() } : {}),
      });
      draft.received(answer.receivedAt);
      focusHeading();
    } catch (failure) {
      setError(withdrawalErrorText(words, 'declaration', failureCode(failure), livemode));
    } finally {
      setSending(false);
    }
  };

  const accountHref = withLang(livemode ? '/account' : '/account?livemode=false', words.locale);
  const invoice = details.invoiceNumber.trim().toUpperCase();

  // The stored draft is read after hydration: a reload on a later step waits for it.
  if (!draft.restored && draft.step !== 'details') {
    return (
      <AccountFrame brand={null} livemode={livemode} email={null}>
        <Loader type="form-loading" label={t('withdraw.public.loading')} />
      </AccountFrame>
    );
  }

  if (draft.step === 'received' && receivedAt) {
    return (
      <AccountFrame brand={null} livemode={livemode} email={null}>
        <DocumentTitle title={t('withdraw.receivedTitle')} />
        <h1 ref={heading} tabIndex={-1}>
          {t('withdraw.receivedTitle')}
        </h1>
        <div className={actions.notice} role="status" data-testid="withdrawal-received">
          <p>
            <Msg
              id="withdraw.public.received"
              values={{ receivedAt: dateTimeWords(words, receivedAt), email: details.email.trim(), invoice }}
              components={{ 0: <strong />, 1: <strong />, 2: <strong /> }}
            />
          </p>
          <p>{t('withdraw.public.ifMatched')}</p>
          <p>
            <Msg
              id="withdraw.public.then"
              values={{ automaticAt: dateTimeWords(words, automaticWithdrawalAt(receivedAt)) }}
              components={{ 0: <strong /> }}
            />
          </p>
        </div>
        <p>
          <Msg id="withdraw.public.noEmail" components={{ 0: <Link href={accountHref} /> }} />
        </p>
        <p>
          <button type="button" className={actions.linkButton} onClick={draft.clear}>
            {t('withdraw.public.another')}
          </button>
        </p>
      </AccountFrame>
    );
  }

  if (draft.step !== 'details' && Object.keys(problemsOf(details)).length === 0) {
    return (
      <AccountFrame brand={null} livemode={livemode} email={null}>
        <DocumentTitle title={t('withdraw.confirmTitle')} />
        <h1 ref={heading} tabIndex={-1}>
          {t('withdraw.confirmTitle')}
        </h1>
        <p data-testid="withdrawal-summary">
          <Msg
            id="withdraw.public.summary"
            values={{
              invoice,
              email: details.email.trim(),
              named: details.name.trim() ? 'yes' : 'no',
              name: details.name.trim(),
              days: OBJECTION_WINDOW_DAYS,
            }}
            components={{ 0: <strong />, 1: <strong /> }}
          />
        </p>
        <FormActions
          error={error}
          label={t('withdraw.confirm')}
          busyLabel={t('withdraw.sending')}
          sending={sending}
          tone="danger"
          onClick={() => void confirm()}
        />
        <p>
          <button type="button" className={actions.linkButton} onClick={() => draft.goTo('details')} disabled={sending}>
            {t('withdraw.public.change')}
          </button>
        </p>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame brand={null} livemode={livemode} email={null}>
      <DocumentTitle title={t('withdraw.title')} />
      <h1 ref={heading} tabIndex={-1}>
        {t('withdraw.title')}
      </h1>
      <p>{t('withdraw.public.intro', { days: OBJECTION_WINDOW_DAYS })}</p>
      <form className={forms.form} onSubmit={proceed} noValidate>
        <div className={forms.field}>
          <label htmlFor="withdraw-email">{t('withdraw.public.email.label')}</label>
          <input
            id="withdraw-email"
            type="email"
            autoComplete="email"
            value={details.email}
            aria-invalid={problems.email ? true : undefined}
            aria-describedby={problems.email ? 'withdraw-email-error' : undefined}
            onChange={set('email')}
          />
          {problems.email && (
            <p id="withdraw-email-error" className={forms.fieldError}>
              {t(problems.email)}
            </p>
          )}
        </div>
        <div className={forms.field}>
          <label htmlFor="withdraw-invoice">{t('withdraw.public.invoice.label')}</label>
          <input
            id="withdraw-invoice"
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={details.invoiceNumber}
            aria-invalid={problems.invoiceNumber ? true : undefined}
            aria-describedby={problems.invoiceNumber ? 'withdraw-invoice-error' : 'withdraw-invoice-hint'}
            onChange={set('invoiceNumber')}
          />
          {problems.invoiceNumber ? (
            <p id="withdraw-invoice-error" className={forms.fieldError}>
              {t(problems.invoiceNumber)}
            </p>
          ) : (
            <p id="withdraw-invoice-hint">{t('withdraw.public.invoice.hint')}</p>
          )}
        </div>
        <div className={forms.field}>
          <label htmlFor="withdraw-name">{t('withdraw.public.name.label')}</label>
          <input id="withdraw-name" type="text" autoComplete="name" maxLength={200} value={details.name} onChange={set('name')} />
        </div>
        <FormActions error={null} label={t('withdraw.public.continue')} busyLabel={t('withdraw.public.continuing')} sending={false} />
      </form>
    </AccountFrame>
  );
}
