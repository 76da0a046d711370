import { useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { dateTimeText } from '@/lib/account/accountWords';
import { automaticWithdrawalAt, OBJECTION_WINDOW_DAYS } from '@/lib/withdrawal/withdrawalPolicy';
import type { PublicWithdrawalPageProps } from '@/lib/withdrawal/withdrawalView';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import forms from './AccountForms.module.css';
import { Loader } from '@/components/ui/Loader';
import { useWithdrawalDraft, type WithdrawalDetails } from './useWithdrawalDraft';

type Problems = Partial<Record<'email' | 'invoiceNumber', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVOICE = /^[A-Za-z0-9_-]{1,64}$/;

function problemsOf(details: WithdrawalDetails): Problems {
  const found: Problems = {};
  if (!EMAIL.test(details.email.trim())) found.email = 'Enter a valid email address, like name@example.com.';
  if (!INVOICE.test(details.invoiceNumber.trim()))
    found.invoiceNumber = 'Enter the invoice number as it is printed on your invoice or purchase e-mail, like INV-2026-000042.';
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
      setError(failure instanceof Error ? failure.message : 'We could not record your withdrawal. Please try again.');
    } finally {
      setSending(false);
    }
  };

  const accountHref = livemode ? '/account' : '/account?livemode=false';
  const invoice = details.invoiceNumber.trim().toUpperCase();

  // The stored draft is read after hydration: a reload on a later step waits for it.
  if (!draft.restored && draft.step !== 'details') {
    return (
      <AccountFrame brand={null} livemode={livemode} email={null}>
        <Loader type="form-loading" label="Loading your withdrawal…" />
      </AccountFrame>
    );
  }

  if (draft.step === 'received' && receivedAt) {
    return (
      <AccountFrame brand={null} livemode={livemode} email={null}>
        <DocumentTitle title="Withdrawal received" />
        <h1 ref={heading} tabIndex={-1}>
          Withdrawal received
        </h1>
        <div className={actions.notice} role="status" data-testid="withdrawal-received">
          <p>
            <strong>Received on {dateTimeText(receivedAt)}</strong> for <strong>{details.email.trim()}</strong>, invoice{' '}
            <strong>{invoice}</strong>.
          </p>
          <p>
            If this address and invoice number belong to a purchase made in the last 14 days and billed in the European Union or the United
            Kingdom, the withdrawal counts from that time, and we have e-mailed the address the subscription belongs to, to confirm it.
          </p>
          <p>
            Once it is confirmed with the link in that e-mail, or on <strong>{dateTimeText(automaticWithdrawalAt(receivedAt))}</strong> if
            nobody tells us it was not them, access ends and what was paid is refunded in full to the card or wallet it was paid with.
          </p>
        </div>
        <p>
          No e-mail? Please check the invoice number on your invoice, or <Link href={accountHref}>sign in to your account</Link>, where you
          can withdraw from a subscription directly.
        </p>
        <p>
          <button type="button" className={actions.linkButton} onClick={draft.clear}>
            Withdraw from another contract
          </button>
        </p>
      </AccountFrame>
    );
  }

  if (draft.step !== 'details' && Object.keys(problemsOf(details)).length === 0) {
    return (
      <AccountFrame brand={null} livemode={livemode} email={null}>
        <DocumentTitle title="Confirm your withdrawal" />
        <h1 ref={heading} tabIndex={-1}>
          Confirm your withdrawal
        </h1>
        <p data-testid="withdrawal-summary">
          You are withdrawing from the contract with invoice <strong>{invoice}</strong> for <strong>{details.email.trim()}</strong>
          {details.name.trim() ? ` (${details.name.trim()})` : ''}. Your withdrawal counts from the moment you confirm it here. We then
          e-mail the address the subscription belongs to: access ends and what you paid is refunded in full once you confirm with the link
          in that e-mail, or automatically {OBJECTION_WINDOW_DAYS} days later.
        </p>
        <FormActions
          error={error}
          label="Confirm withdrawal"
          busyLabel="Sending…"
          sending={sending}
          tone="danger"
          onClick={() => void confirm()}
        />
        <p>
          <button type="button" className={actions.linkButton} onClick={() => draft.goTo('details')} disabled={sending}>
            Change the details
          </button>
        </p>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame brand={null} livemode={livemode} email={null}>
      <DocumentTitle title="Withdraw from contract" />
      <h1 ref={heading} tabIndex={-1}>
        Withdraw from contract
      </h1>
      <p>
        Bought in the last 14 days, billed in the European Union or the United Kingdom? You can withdraw from the contract here without
        signing in and without giving a reason. Your withdrawal counts from the moment you send it. To keep others from ending your
        subscription, we first e-mail the address the subscription belongs to: access ends and what you paid is refunded in full as soon as
        you confirm with the link in that e-mail, or automatically {OBJECTION_WINDOW_DAYS} days later if nobody tells us it was not them.
      </p>
      <form className={forms.form} onSubmit={proceed} noValidate>
        <div className={forms.field}>
          <label htmlFor="withdraw-email">Email address you bought with</label>
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
              {problems.email}
            </p>
          )}
        </div>
        <div className={forms.field}>
          <label htmlFor="withdraw-invoice">Invoice number</label>
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
              {problems.invoiceNumber}
            </p>
          ) : (
            <p id="withdraw-invoice-hint">It is on your invoice and in your purchase e-mail, like INV-2026-000042.</p>
          )}
        </div>
        <div className={forms.field}>
          <label htmlFor="withdraw-name">Your name (optional)</label>
          <input id="withdraw-name" type="text" autoComplete="name" maxLength={200} value={details.name} onChange={set('name')} />
        </div>
        <FormActions error={null} label="Continue" busyLabel="Continuing…" sending={false} />
      </form>
    </AccountFrame>
  );
}
