import { useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import type { CancelPageProps } from '@/lib/account/cancelView';
import { dateTimeText } from '@/lib/account/accountWords';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import forms from './AccountForms.module.css';

type Problems = Partial<Record<'email' | 'brand', string>>;

/**
 * /cancel (§ 312k BGB): anyone can declare a cancellation here without signing in, on one
 * page. The confirmation names the address, the publication and when it was received, and
 * reads the same whether or not the address subscribes.
 */
export function CancelDeclarationPage({ brands, livemode, brand: preselected }: CancelPageProps) {
  const api = useApiClient();
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
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = 'Enter a valid email address, like name@example.com.';
    if (!brand) found.brand = 'Choose the publication.';
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
      setError(failure instanceof Error ? failure.message : 'We could not record your cancellation. Please try again.');
    } finally {
      setSending(false);
    }
  };

  if (received) {
    return (
      <AccountFrame brand={null} livemode={livemode} email={null}>
        <DocumentTitle title="Cancellation received" />
        <h1 ref={heading} tabIndex={-1}>
          Cancellation received
        </h1>
        <div className={actions.notice} role="status" data-testid="cancel-received">
          <p>
            We received your cancellation for <strong>{received.email}</strong> at {received.brandName} on {dateTimeText(received.at)}.
          </p>
          <p>
            If this address holds a {received.brandName} subscription, it will not renew, you keep access until the end of the period you
            paid for, and we have sent a confirmation to the address.
          </p>
        </div>
        <p>
          Signed in, you can see and manage your subscriptions in{' '}
          <Link href={livemode ? '/account' : '/account?livemode=false'}>your account</Link>.
        </p>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame brand={null} livemode={livemode} email={null}>
      <DocumentTitle title="Cancel a subscription" />
      <h1>Cancel a subscription</h1>
      <p>Cancel here without signing in. The subscription will not renew, and you keep access until the end of the period you paid for.</p>
      <form className={forms.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={forms.field}>
          <label htmlFor="cancel-email">Email address of the subscription</label>
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
              {problems.email}
            </p>
          )}
        </div>
        <div className={forms.field}>
          <label htmlFor="cancel-brand">Publication</label>
          <select
            id="cancel-brand"
            value={brand}
            aria-invalid={problems.brand ? true : undefined}
            aria-describedby={problems.brand ? 'cancel-brand-error' : undefined}
            onChange={(event) => setBrand(event.target.value)}
          >
            <option value="">Choose the publication</option>
            {brands.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.name}
              </option>
            ))}
          </select>
          {problems.brand && (
            <p id="cancel-brand-error" className={forms.fieldError}>
              {problems.brand}
            </p>
          )}
        </div>
        <div className={forms.field}>
          <label htmlFor="cancel-reason">Reason (optional)</label>
          <textarea id="cancel-reason" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        <FormActions error={error} label="Cancel now" busyLabel="Sending…" sending={sending} tone="danger" />
      </form>
    </AccountFrame>
  );
}
