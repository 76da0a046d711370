import { useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import type { CancelPageProps } from '@/lib/account/cancelView';
import { DECLARATION_FAILURES } from '@/lib/account/cancelFailures';
import { failureMessage } from '@/lib/account/apiFailure';
import { INSTANT } from '@/lib/account/instantWords';
import { buttonLabel } from '@/lib/checkout/marketWording';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { withLang } from '@/lib/i18n/langLink';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { Msg, useWords } from '@/components/shell/I18n';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import forms from './AccountForms.module.css';

type Problems = Partial<Record<'email' | 'brand', MessageKey>>;

/**
 * /cancel (§ 312k BGB): anyone can declare a cancellation here without signing in, on one
 * page. The confirmation names the address, the publication and when it was received, and
 * reads the same whether or not the address subscribes.
 */
export function CancelDeclarationPage({ brands, livemode, brand: preselected }: CancelPageProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [email, setEmail] = useState('');
  const [brand, setBrand] = useState(preselected ?? '');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [received, setReceived] = useState<{ email: string; brandName: string; at: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = 'cancel.declare.problem.email';
    if (!brand) found.brand = 'cancel.declare.problem.brand';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setError(null);
    try {
      const answer = await api.declareCancellation({
        email: email.trim(),
        brand,
        livemode,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      setReceived({ email: email.trim(), brandName: brands.find((option) => option.slug === brand)?.name ?? brand, at: answer.receivedAt });
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      setError(words.say(failureMessage(failure, DECLARATION_FAILURES, 'cancel.declare.error.fallback')));
    } finally {
      setSending(false);
    }
  };

  if (received) {
    return (
      <AccountFrame brand={null} livemode={livemode} email={null}>
        <DocumentTitle title={t('cancel.declare.received.title')} />
        <h1 ref={heading} tabIndex={-1}>
          {t('cancel.declare.received.title')}
        </h1>
        <div className={actions.notice} role="status" data-testid="cancel-received">
          <p>
            <Msg
              id="cancel.declare.received.when"
              values={{ email: received.email, brand: received.brandName, date: words.date(received.at, INSTANT) }}
              components={{ 0: <strong /> }}
            />
          </p>
          <p>{t('cancel.declare.received.what', { brand: received.brandName })}</p>
        </div>
        <p>
          <Msg
            id="cancel.declare.received.account"
            components={{ 0: <Link href={withLang(livemode ? '/account' : '/account?livemode=false', words.locale)} /> }}
          />
        </p>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame brand={null} livemode={livemode} email={null}>
      <DocumentTitle title={t('cancel.declare.title')} />
      <h1>{t('cancel.declare.title')}</h1>
      <p>{t('cancel.declare.intro')}</p>
      <form className={forms.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={forms.field}>
          <label htmlFor="cancel-email">{t('cancel.declare.email')}</label>
          <input
            id="cancel-email"
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={problems.email ? true : undefined}
            aria-describedby={problems.email ? 'cancel-email-error' : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {problems.email && (
            <p id="cancel-email-error" className={forms.fieldError}>
              {t(problems.email)}
            </p>
          )}
        </div>
        <div className={forms.field}>
          <label htmlFor="cancel-brand">{t('cancel.declare.brand')}</label>
          <select
            id="cancel-brand"
            value={brand}
            aria-invalid={problems.brand ? true : undefined}
            aria-describedby={problems.brand ? 'cancel-brand-error' : undefined}
            onChange={(event) => setBrand(event.target.value)}
          >
            <option value="">{t('cancel.declare.chooseBrand')}</option>
            {brands.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.name}
              </option>
            ))}
          </select>
          {problems.brand && (
            <p id="cancel-brand-error" className={forms.fieldError}>
              {t(problems.brand)}
            </p>
          )}
        </div>
        <div className={forms.field}>
          <label htmlFor="cancel-reason">{t('cancel.declare.reason')}</label>
          <textarea id="cancel-reason" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        <FormActions
          error={error}
          label={buttonLabel(words, 'cancelConfirmButton', 'cancel.declare.submit')}
          busyLabel={t('cancel.declare.sending')}
          sending={sending}
          tone="danger"
        />
      </form>
    </AccountFrame>
  );
}
